import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { postBody } from '../../../../../test/fixtures';
import { fakeApi, signIn } from '../../../../../test/network';
import { renderWithApp } from '../../../../../test/render';
import { PostList } from '../../components/PostList';

const REFUSAL = 'Subscribe to this creator to see and write comments on their posts.';

/** A paid creator's post as a viewer without a subscription receives it. */
const gated = postBody({
  id: 51,
  user_id: 3,
  username: 'bea',
  can_delete: false,
  author_is_creator: true,
  requires_subscription: true,
  subscription_price: '5.00',
  content: '',
});

describe('comments a viewer may not see', () => {
  it('show why and the way to subscribe, and no box to write in', async () => {
    const api = fakeApi({
      'GET /posts/51/comments/?limit=20': { status: 403, body: { detail: REFUSAL } },
    });
    signIn(7);
    const { user } = renderWithApp(
      <PostList posts={[gated]} variant="feed" onUnlocked={vi.fn()} />,
    );
    const actions = screen.getByRole('group', { name: 'Post actions' });
    await user.click(within(actions).getByRole('button', { name: 'Comment' }));
    const panel = await screen.findByRole('region', { name: 'Comments on the post by bea' });

    expect(await within(panel).findByText(REFUSAL)).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(
      within(panel).getByRole('button', { name: 'Subscribe for $5.00/month' }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /posts/51/comments/')).toHaveLength(0);
  });
});
