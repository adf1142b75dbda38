import { screen, within } from '@testing-library/react';
import { leakTraceResult } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { LeakTracerTab } from './LeakTracerTab';

const found = leakTraceResult.parse({
  id: 12,
  found: true,
  outcome: 'recipient_found',
  upload_id: '7f8e4c2a-1b3d-4e5f-9a0b-1c2d3e4f5a6b',
  post_id: null,
  message_id: 88,
  recipient: { id: 42, username: 'fan_one' },
  confidence: 1,
  evidence: {
    bits_agreeing: 39,
    bits_total: 40,
    false_match_probability: 3e-12,
    hash_distance: 5,
    variant: 'medium',
  },
  created_at: '2026-03-01T10:00:00Z',
});

describe('the admin’s leak tracer', () => {
  it('traces any upload and suspends the account named, with a reason', async () => {
    const api = fakeApi({
      'POST /admin/leak-trace/': { body: found },
      'POST /admin/users/42/suspend/': { body: { message: 'fan_one is suspended.' } },
    });
    signIn(1);
    const { user } = renderWithApp(<LeakTracerTab />);
    expect(
      screen.getByText(
        'As an admin, a trace looks through the marked images and videos of every creator.',
      ),
    ).toBeVisible();
    await user.upload(
      screen.getByLabelText('File to trace'),
      new File(['webp bytes'], 'leak.webp', { type: 'image/webp' }),
    );
    await user.click(screen.getByRole('button', { name: 'Trace' }));
    const card = (
      await screen.findByRole('heading', { name: 'This copy was served to @fan_one' })
    ).closest('section') as HTMLElement;
    expect(
      within(card).getByText('39 of 40 code bits read clearly; chance of a false match 3e-12'),
    ).toBeVisible();
    expect(within(card).getByText('The image was sent in a message.')).toBeVisible();
    expect(within(card).queryByRole('button', { name: 'Report this account' })).toBeNull();
    expect(api.callsTo('POST /creator/leak-trace/')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Suspend account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend fan_one' });
    await user.type(
      within(dialog).getByLabelText('Reason (shown to the account owner)'),
      'Leaked paid content (trace #12).',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('fan_one is suspended.')).toBeVisible();
    expect(api.callsTo('POST /admin/users/42/suspend/')[0]?.body).toEqual({
      reason: 'Leaked paid content (trace #12).',
    });
    expect(screen.queryByRole('button', { name: 'Suspend account' })).toBeNull();
  });

  it('says when no marked image on Zura looks like the file', async () => {
    fakeApi({
      'POST /admin/leak-trace/': {
        body: {
          ...found,
          found: false,
          outcome: 'no_matching_upload',
          upload_id: null,
          message_id: null,
          recipient: null,
          confidence: 0,
          evidence: null,
        },
      },
    });
    signIn(1);
    const { user } = renderWithApp(<LeakTracerTab />);
    await user.upload(
      screen.getByLabelText('File to trace'),
      new File(['gif bytes'], 'leak.gif', { type: 'image/gif' }),
    );
    await user.click(screen.getByRole('button', { name: 'Trace' }));
    expect(
      await screen.findByRole('heading', {
        name: 'No marked image or video on Zura looks like this file.',
      }),
    ).toBeVisible();
  });
});
