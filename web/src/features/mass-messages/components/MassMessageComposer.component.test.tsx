import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { formatNextSend } from '../frequency';
import { MassMessageComposer } from './MassMessageComposer';

describe('MassMessageComposer', () => {
  it('says how often mass messages may go, and when the next one can when sent too soon', async () => {
    const nextAt = new Date(Date.now() + 40 * 60_000);
    const api = fakeApi({
      'POST /creator/mass-messages/count/': { body: { count: 3, refused_ids: [] } },
      'GET /library/': { body: { results: [], next_cursor: null } },
      'POST /creator/mass-messages/': {
        status: 429,
        body: {
          detail:
            'You can send a mass message once an hour, at most 4 a day. The next one can go out in 40 minutes.',
          next_at: nextAt.toISOString(),
        },
      },
    });
    signIn(7);
    const { user } = renderWithApp(<MassMessageComposer />);
    expect(
      screen.getByText('You can send up to 4 mass messages a day, 60 minutes apart.'),
    ).toBeVisible();
    await user.type(screen.getByLabelText('Message'), 'Hello all');
    expect(await screen.findByText('Goes to 3 fans.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send mass message' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `You can send a mass message every 60 minutes, at most 4 a day. The next one can go out at ${formatNextSend(nextAt, 'en')}.`,
    );
    expect(api.callsTo('POST /creator/mass-messages/')).toHaveLength(1);
  });
});
