import { screen } from '@testing-library/react';
import type { RemoteAccount } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { RemoteAccountCard } from './RemoteAccountCard';

const alice = (over: Partial<RemoteAccount> = {}): RemoteAccount => ({
  id: 7,
  handle: '@alice@mastodon.example',
  name: 'Alice',
  bio: 'Drawing <b>birds</b>',
  profile_url: 'https://mastodon.example/@alice',
  uri: 'https://mastodon.example/users/alice',
  follow_state: 'none',
  follow_id: null,
  ...over,
});

describe('a remote account found by the Explore search', () => {
  it('shows the account as text, follows it (Requested) and unfollows it', async () => {
    let account = alice();
    const api = fakeApi({
      'GET /federation/lookup/': () => ({ body: account }),
      'POST /federation/follows/': () => {
        account = alice({ follow_state: 'pending', follow_id: 3 });
        return { status: 201, body: { id: 3, state: 'pending', since: '', account } };
      },
      'DELETE /federation/follows/3/': () => {
        account = alice();
        return { body: { message: 'Unfollowed.' } };
      },
    });
    signIn(1);
    const { user } = renderWithApp(<RemoteAccountCard handle="@alice@mastodon.example" />);
    expect(await screen.findByRole('heading', { name: 'Alice' })).toBeInTheDocument();
    // The bio is text: its markup is shown, never rendered.
    expect(screen.getByText('Drawing <b>birds</b>')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the profile on its server' })).toHaveAttribute(
      'href',
      'https://mastodon.example/@alice',
    );
    expect(api.callsTo('GET /federation/lookup/')[0]?.path).toContain(
      encodeURIComponent('@alice@mastodon.example'),
    );

    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Requested' })).toBeInTheDocument();
    expect(api.callsTo('POST /federation/follows/')[0]?.body).toEqual({
      handle: 'https://mastodon.example/users/alice',
    });

    await user.click(screen.getByRole('button', { name: 'Requested' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(api.callsTo('DELETE /federation/follows/3/')).toHaveLength(1);
  });

  it('says so when no account is at that address', async () => {
    fakeApi({
      'GET /federation/lookup/': {
        status: 404,
        body: { code: 'not_found', detail: 'No account was found at that address.' },
      },
    });
    signIn(1);
    renderWithApp(<RemoteAccountCard handle="@nobody@nowhere.example" />);
    expect(await screen.findByText('No account was found at that address.')).toBeInTheDocument();
  });
});
