import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { RemoteAudiencePanel } from './RemoteAudiencePanel';

const follower = (id: number, handle: string) => ({
  id,
  actor_id: `https://mastodon.example/users/${handle.split('@')[1]}`,
  handle,
  since: '2026-11-02T10:00:00.000Z',
});

describe('the creator’s followers on other servers', () => {
  it('lists requests, followers and blocked actors, and approves, declines, removes, blocks and unblocks', async () => {
    let requests = [follower(1, '@ana@mastodon.example'), follower(2, '@bo@mastodon.example')];
    let followers = [follower(3, '@cy@mastodon.example'), follower(4, '@di@mastodon.example')];
    let blocked = [follower(9, '@ed@mastodon.example')];
    const api = fakeApi({
      'GET /federation/follow-requests/': () => ({ body: { results: requests } }),
      'GET /federation/followers/': () => ({ body: { results: followers } }),
      'GET /federation/blocked-actors/': () => ({ body: { results: blocked } }),
      'POST /federation/follow-requests/1/approve/': () => {
        followers = [...followers, ...requests.filter((r) => r.id === 1)];
        requests = requests.filter((r) => r.id !== 1);
        return { body: { message: 'Follow request approved.' } };
      },
      'POST /federation/follow-requests/2/decline/': () => {
        requests = requests.filter((r) => r.id !== 2);
        return { body: { message: 'Follow request declined.' } };
      },
      'POST /federation/followers/3/remove/': () => {
        followers = followers.filter((r) => r.id !== 3);
        return { body: { message: 'Follower removed.' } };
      },
      'POST /federation/followers/4/block/': () => {
        blocked = [...blocked, ...followers.filter((r) => r.id === 4)];
        followers = followers.filter((r) => r.id !== 4);
        return { body: { message: 'Follower blocked.' } };
      },
      'POST /federation/blocked-actors/9/unblock/': () => {
        blocked = blocked.filter((r) => r.id !== 9);
        return { body: { message: 'Unblocked.' } };
      },
    });
    signIn(1);
    const { user } = renderWithApp(<RemoteAudiencePanel />);
    expect(await screen.findByText('@ana@mastodon.example')).toBeInTheDocument();
    expect(screen.getByText('@cy@mastodon.example')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Approve the follow request of @ana@mastodon.example' }),
    );
    const followersList = () =>
      screen.getByRole('heading', { name: 'Remote followers' }).parentElement as HTMLElement;
    expect(await within(followersList()).findByText('@ana@mastodon.example')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Decline the follow request of @bo@mastodon.example' }),
    );
    expect(await screen.findByText('No follow requests.')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Remove the follower @cy@mastodon.example' }),
    );
    await user.click(screen.getByRole('button', { name: 'Block @di@mastodon.example' }));
    await waitFor(() => expect(screen.queryByText('@cy@mastodon.example')).toBeNull());
    // Blocked, di moves to the blocked list; ed is unblocked.
    const blockedList = () =>
      screen.getByRole('heading', { name: 'Blocked' }).parentElement as HTMLElement;
    expect(await within(blockedList()).findByText('@di@mastodon.example')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unblock @ed@mastodon.example' }));
    await waitFor(() => expect(screen.queryByText('@ed@mastodon.example')).toBeNull());
    expect(within(followersList()).queryByText('@di@mastodon.example')).toBeNull();
    expect(screen.getByText('@ana@mastodon.example')).toBeInTheDocument();
    expect(api.callsTo('POST /federation/followers/3/remove/')).toHaveLength(1);
    expect(api.callsTo('POST /federation/followers/4/block/')).toHaveLength(1);
  });

  it('says so when nobody follows from elsewhere', async () => {
    fakeApi({
      'GET /federation/follow-requests/': () => ({ body: { results: [] } }),
      'GET /federation/followers/': () => ({ body: { results: [] } }),
      'GET /federation/blocked-actors/': () => ({ body: { results: [] } }),
    });
    signIn(1);
    renderWithApp(<RemoteAudiencePanel />);
    expect(await screen.findByText('No follow requests.')).toBeInTheDocument();
    expect(screen.getByText('No remote followers yet.')).toBeInTheDocument();
    expect(screen.getByText('You have blocked nobody from other servers.')).toBeInTheDocument();
  });

  it('shows nothing when federation is turned off on the server', async () => {
    const api = fakeApi({
      'GET /federation/follow-requests/': () => ({
        status: 404,
        body: { code: 'not_found', detail: 'Federation is turned off on this server.' },
      }),
      'GET /federation/followers/': () => ({
        status: 404,
        body: { code: 'not_found', detail: 'Federation is turned off on this server.' },
      }),
      'GET /federation/blocked-actors/': () => ({
        status: 404,
        body: { code: 'not_found', detail: 'Federation is turned off on this server.' },
      }),
    });
    signIn(1);
    const { container } = renderWithApp(<RemoteAudiencePanel />);
    await waitFor(() => expect(api.callsTo('GET /federation/follow-requests/')).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
    expect(screen.queryByText('Failed to load the list.')).toBeNull();
  });
});
