import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signIn, type ApiCall } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { conversationsOf } from '../conversation-pages';
import { useConversations } from '../hooks';
import { RecentChats } from './RecentChats';

const CONVERSATIONS = 'GET /messaging/conversations/';
const PAGE_TWO = '/api/messaging/conversations/?limit=20&cursor=page-2';

/** The list as the Messages screen wires it: the real query, its pages and Load more. */
function ConversationsPanel() {
  const conversations = useConversations();
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = conversations;
  return (
    <RecentChats
      conversations={conversations.data && conversationsOf(conversations.data)}
      isPending={conversations.isPending}
      error={conversations.error}
      onRetry={() => void conversations.refetch()}
      activeId={undefined}
      onSelect={() => undefined}
      onClose={() => undefined}
      more={{
        hasMore: hasNextPage,
        loading: isFetchingNextPage,
        failed: isFetchNextPageError,
        load: () => void fetchNextPage(),
      }}
    />
  );
}

function conversation(id: number, username: string, text: string) {
  return {
    id,
    other_user: { id: id + 100, username, avatar: null },
    unread_count: 0,
    updated_at: '2026-11-20T09:00:00Z',
    last_message: { id: id * 10, text, created_at: '2026-11-20T09:00:00Z', sender: id + 100 },
  };
}

/** Page one links to page two; `pageTwo` answers the second request. */
function twoPages(pageTwo: (call: ApiCall) => { status?: number; body?: unknown }) {
  return (call: ApiCall) =>
    call.path.includes('cursor=page-2')
      ? pageTwo(call)
      : {
          body: [conversation(1, 'bea', 'See you at six'), conversation(2, 'cal', 'Thanks!')],
          headers: { Link: `<${PAGE_TWO}>; rel="next"` },
        };
}

describe('RecentChats', () => {
  it('says so when there are no conversations, with no Load more', async () => {
    signIn(7);
    fakeApi({ [CONVERSATIONS]: { body: [] } });
    renderWithApp(<ConversationsPanel />);
    expect(await screen.findByText('No conversations found')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the next page under the first with Load more, which then goes away', async () => {
    signIn(7);
    const api = fakeApi({
      [CONVERSATIONS]: twoPages(() => ({ body: [conversation(3, 'dee', 'Old news')] })),
    });
    const { user } = renderWithApp(<ConversationsPanel />);
    expect(await screen.findByText('bea')).toBeVisible();
    expect(screen.queryByText('dee')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('dee')).toBeVisible();
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('bea'),
      expect.stringContaining('cal'),
      expect.stringContaining('dee'),
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path.includes('cursor=page-2'))).toBe(true);
  });

  it('keeps the loaded conversations and says so when the next page fails', async () => {
    signIn(7);
    fakeApi({ [CONVERSATIONS]: twoPages(() => ({ status: 500 })) });
    const { user } = renderWithApp(<ConversationsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load more conversations.',
    );
    expect(screen.getByText('bea')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });

  it('filters the list by the search box', async () => {
    signIn(7);
    fakeApi({ [CONVERSATIONS]: twoPages(() => ({ body: [] })) });
    const { user } = renderWithApp(<ConversationsPanel />);
    await screen.findByText('bea');
    await user.type(screen.getByPlaceholderText('Search conversations...'), 'ca');
    expect(screen.getByText('cal')).toBeVisible();
    expect(screen.queryByText('bea')).not.toBeInTheDocument();
  });
});
