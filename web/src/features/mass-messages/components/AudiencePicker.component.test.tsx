import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { MassMessageComposer } from './MassMessageComposer';

const fans = [
  { id: 41, username: 'anna_paints', relation: 'subscriber' },
  { id: 52, username: 'annie_b', relation: 'follower' },
];

describe('hand-picked mass message recipients (issue 32)', () => {
  it('picks fans by name from a search of the audience, and sends their ids', async () => {
    const api = fakeApi({
      'GET /creator/mass-messages/audience/': (call) => {
        const q = new URL(call.path, 'http://localhost').searchParams.get('q') ?? '';
        return {
          body: { results: fans.filter((fan) => fan.username.includes(q)), next: null },
        };
      },
      'POST /creator/mass-messages/count/': { body: { count: 1, refused_ids: [] } },
      'GET /library/': { body: { results: [], next_cursor: null } },
      'POST /creator/mass-messages/': {
        status: 201,
        body: undefined,
      },
    });
    signIn(7);
    const { user } = renderWithApp(<MassMessageComposer />);
    await user.selectOptions(screen.getByLabelText('Send to'), 'Hand-picked fans');
    // No id field any more: a search box over the creator's fans.
    expect(screen.queryByLabelText('User ids')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Search your fans'), 'annie');
    const found = await screen.findByRole('group', { name: 'Fans found' });
    await waitFor(() => expect(within(found).queryByText('anna_paints')).not.toBeInTheDocument());
    expect(within(found).getByText('Follower')).toBeVisible();
    await user.click(within(found).getByRole('checkbox', { name: /annie_b/ }));
    expect(screen.getByText('Picked: 1')).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Picked fans' })).getByRole('button', {
        name: /Remove annie_b/,
      }),
    ).toBeVisible();

    await user.type(screen.getByLabelText('Message'), 'Just for you');
    expect(await screen.findByText('Goes to 1 fan.')).toBeVisible();
    const counted = api.callsTo('POST /creator/mass-messages/count/').at(-1);
    expect(counted?.body).toEqual({ segment: { kind: 'list', user_ids: [52] } });
    const searched = api.callsTo('GET /creator/mass-messages/audience/').map((c) => c.path);
    expect(searched.at(-1)).toBe('/creator/mass-messages/audience/?q=annie');
  });
});
