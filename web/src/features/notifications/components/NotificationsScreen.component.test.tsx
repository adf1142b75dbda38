import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { fakeApi, signIn } from '../../../../test/network';
import { navigatedTo, renderWithApp } from '../../../../test/render';
import { NotificationsScreen } from './NotificationsScreen';

const LIST = 'GET /notifications/';
const NOW = new Date('2026-11-20T12:00:00Z');

/** A like notice; the list renders its sentence from the kind and facts ("bea liked your post"). */
function notice(id: number, message: string, options: { read?: boolean; postId?: number } = {}) {
  return {
    id,
    title: 'New like',
    message,
    notification_type: 'like',
    kind: 'liked',
    is_read: options.read ?? false,
    read_at: options.read ? '2026-11-20T11:00:00Z' : null,
    created_at: new Date(NOW.getTime() - 5 * 60_000).toISOString(),
    data: { post_id: options.postId ?? null, sender_username: message.split(' ')[0], likers: 1 },
  };
}

const twoNotices = [
  notice(1, 'bea liked your post', { postId: 55 }),
  notice(2, 'cal liked your post', { read: true, postId: 56 }),
];

function renderScreen() {
  signIn(7);
  return renderWithApp(<NotificationsScreen />, { route: '/notifications' });
}

describe('NotificationsScreen', () => {
  afterEach(async () => {
    await applyLanguage('en');
    localStorage.clear();
  });

  it('writes each notice in the reader’s language, money by the shared formatter', async () => {
    await applyLanguage('de');
    const tip = {
      ...notice(3, 'fanb'),
      title: 'New tip',
      message: 'fanb tipped you $5.00 (you receive $4.50).',
      notification_type: 'payment',
      kind: 'tipped',
      data: { sender_username: 'fanb', amount_cents: 500, creator_cents: 450, currency: 'USD' },
    };
    fakeApi({ [LIST]: { body: [tip, notice(1, 'bea liked your post', { postId: 55 })] } });
    renderScreen();
    expect(await screen.findByText('Neues Trinkgeld')).toBeVisible();
    expect(
      // Testing Library reads the formatter's no-break spaces as spaces.
      screen.getByText('fanb hat dir 5,00 $ Trinkgeld gegeben (du erhältst 4,50 $).'),
    ).toBeVisible();
    expect(screen.getByText('bea gefällt dein Beitrag')).toBeVisible();
    expect(screen.queryByText(/tipped you|liked your post/)).not.toBeInTheDocument();
  });

  it('says there are none yet when the list is empty', async () => {
    fakeApi({ [LIST]: { body: [] } });
    renderScreen();
    expect(await screen.findByText('No notifications yet')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'All (0)' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('counts unread ones and filters by the Unread and Read tabs', async () => {
    fakeApi({ [LIST]: { body: twoNotices } });
    const { user } = renderScreen();
    expect(await screen.findByText('1 new')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Unread (1)' }));
    expect(screen.getByText('bea liked your post')).toBeVisible();
    expect(screen.queryByText('cal liked your post')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Read (1)' }));
    expect(screen.getByText('cal liked your post')).toBeVisible();
    expect(screen.queryByText('bea liked your post')).not.toBeInTheDocument();
  });

  it('marks a notice read and opens the post it is about', async () => {
    const api = fakeApi({
      [LIST]: { body: twoNotices },
      'POST /notifications/1/mark_read/': { body: { unread_count: 0 } },
    });
    const { user } = renderScreen();
    await user.click(await screen.findByText('bea liked your post'));
    expect(await navigatedTo()).toBe('/posts/55');
    expect(api.callsTo('POST /notifications/1/mark_read/')).toHaveLength(1);
  });

  it('shows the load error, and Try Again loads the list', async () => {
    let failing = true;
    fakeApi({ [LIST]: () => (failing ? { status: 500 } : { body: twoNotices }) });
    const { user } = renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load notifications');
    expect(screen.getByText('Error Loading Notifications')).toBeVisible();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('bea liked your post')).toBeVisible();
  });

  it('ages the notices as time passes, without waiting for it', async () => {
    // Only the clock and intervals are fake: the screen's 30-second tick is what is tested.
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    fakeApi({ [LIST]: { body: [notice(1, 'bea liked your post')] } });
    renderScreen();
    expect(await screen.findByText('5m ago')).toBeVisible();
    vi.setSystemTime(NOW.getTime() + 2 * 60 * 60_000);
    expect(screen.getByText('5m ago')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByText('2h ago')).toBeVisible();
  });
});
