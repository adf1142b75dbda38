import { screen, within } from '@testing-library/react';
import { federationDeliveries } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { FederationDeliveries } from './FederationDeliveries';

const letters = federationDeliveries.parse({
  results: [
    {
      id: 7,
      activity_id: 'https://zura.example/ap/posts/3#creates/1',
      activity_type: 'Create',
      inbox: 'https://gone.example/users/ann/inbox',
      status_code: 410,
      error: 'Failed to send activity: 410 Gone',
      attempts: 1,
      failed_at: '2026-03-01T10:00:00Z',
    },
    {
      id: 6,
      activity_id: null,
      activity_type: 'Accept',
      inbox: 'https://down.example/inbox',
      status_code: null,
      error: 'fetch failed',
      attempts: 10,
      failed_at: '2026-03-01T09:00:00Z',
    },
  ],
  backlog: { ready: 3, delayed: 12 },
});

describe('the admins’ federation deliveries', () => {
  it('shows the backlog and each delivery given up on, and sends one again', async () => {
    const api = fakeApi({
      'GET /federation/deliveries/': { body: letters },
      'POST /federation/deliveries/7/retry/': {
        body: { message: 'The delivery is queued again.' },
      },
    });
    signIn(1);
    const { user } = renderWithApp(<FederationDeliveries />);
    expect(
      await screen.findByText('Waiting on the queue: 3 to send now, 12 waiting to try again.'),
    ).toBeVisible();
    const list = screen.getByRole('list', { name: 'Deliveries given up on' });
    const [gone, down] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(gone).getByText('Create to https://gone.example/users/ann/inbox')).toBeVisible();
    expect(within(gone).getByText(/Answered 410, after 1 attempt/)).toBeVisible();
    expect(within(down).getByText(/Unreachable, after 10 attempts/)).toBeVisible();
    await user.click(within(gone).getByRole('button', { name: 'Send again' }));
    expect(api.callsTo('POST /federation/deliveries/7/retry/')).toHaveLength(1);
    // Asked again after the retry, so the list shows what is left.
    expect(api.callsTo('GET /federation/deliveries/').length).toBeGreaterThan(1);
  });

  it('forgets a delivery, and says when none was given up on', async () => {
    const api = fakeApi({
      'GET /federation/deliveries/': { body: letters },
      'DELETE /federation/deliveries/6/': { status: 204 },
    });
    signIn(1);
    const { user } = renderWithApp(<FederationDeliveries />);
    const list = await screen.findByRole('list', { name: 'Deliveries given up on' });
    const down = within(list).getAllByRole('listitem')[1] as HTMLElement;
    api.on('GET /federation/deliveries/', {
      body: { results: [], backlog: { ready: 0, delayed: 0 } },
    });
    await user.click(within(down).getByRole('button', { name: 'Forget' }));
    expect(api.callsTo('DELETE /federation/deliveries/6/')).toHaveLength(1);
    expect(await screen.findByText('No delivery has been given up on.')).toBeVisible();
  });
});
