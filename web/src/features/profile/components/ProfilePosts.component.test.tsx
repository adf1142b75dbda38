import { screen, within } from '@testing-library/react';
import { viewedProfile } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import { postBody } from '../../../../test/fixtures';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { ProfilePosts } from './ProfilePosts';

const creator = viewedProfile.parse({
  id: 3,
  username: 'bea',
  profile_image: null,
  cover_image: null,
  is_profile_locked: false,
  is_unlocked: false,
  is_owner: false,
  is_creator: true,
});

const postsPath = 'GET /posts/user/3/?limit=20';
const post = postBody({ id: 41, user_id: 3, username: 'bea', can_delete: false, content: 'Dawn' });

describe("a profile's posts", () => {
  it('have Like, Comment and Share as in the feed, besides Tip', async () => {
    fakeApi({ [postsPath]: { body: [post] } });
    signIn(7);
    renderWithApp(<ProfilePosts profile={creator} />);
    await screen.findByText('Dawn');
    const actions = screen.getByRole('group', { name: 'Post actions' });
    for (const name of ['Like', 'Comment', 'Share', 'Tip']) {
      expect(within(actions).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('take a like at once, with its count', async () => {
    fakeApi({
      [postsPath]: { body: [post] },
      'PUT /posts/41/like/': { body: { liked: true, like_count: 1 } },
    });
    signIn(7);
    const { user } = renderWithApp(<ProfilePosts profile={creator} />);
    await screen.findByText('Dawn');
    const actions = screen.getByRole('group', { name: 'Post actions' });
    await user.click(within(actions).getByRole('button', { name: 'Like' }));
    expect(await within(actions).findByText('1 like')).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Like' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
