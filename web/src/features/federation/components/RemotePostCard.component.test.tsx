import { screen, waitFor } from '@testing-library/react';
import type { PresentedPost } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { RemotePostCard } from './RemotePostCard';

const remotePost = (origin: Partial<NonNullable<PresentedPost['origin']>> = {}): PresentedPost => ({
  id: 5,
  created_at: '2026-12-07T10:00:00.000Z',
  user_id: 0,
  username: 'Alice',
  user_username: '@alice@mastodon.example',
  user_avatar: null,
  is_locked: false,
  is_unlocked: false,
  can_delete: false,
  is_draft: false,
  author_is_creator: false,
  comments_enabled: false,
  like_count: 0,
  comment_count: 0,
  liked_by_me: false,
  requires_subscription: false,
  subscription_price: null,
  price: null,
  subscriber_price: null,
  price_for_viewer: null,
  is_purchased: false,
  preview: null,
  content: 'Birds <script>today</script>',
  type: 'text',
  origin: {
    handle: '@alice@mastodon.example',
    name: 'Alice',
    profile_url: 'https://mastodon.example/@alice',
    url: 'https://mastodon.example/@alice/1',
    content_warning: null,
    sensitive: false,
    attachments: [{ url: 'https://files.example/1.png', media_type: 'image/png', alt: 'A robin' }],
    boosted_by_me: false,
    ...origin,
  },
});

describe('a remote account’s post in the home feed', () => {
  it('shows its origin, its text as text and its files as links, loading nothing remote', () => {
    const { container } = renderWithApp(<RemotePostCard post={remotePost()} />);
    const card = screen.getByRole('article', { name: 'Post by @alice@mastodon.example' });
    expect(card).toHaveTextContent('From @alice@mastodon.example');
    expect(screen.getByText('Birds <script>today</script>')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'A robin' })).toHaveAttribute(
      'href',
      'https://files.example/1.png',
    );
    expect(screen.getByRole('link', { name: 'Open the original' })).toHaveAttribute(
      'href',
      'https://mastodon.example/@alice/1',
    );
    expect(container.querySelector('img, video, script')).toBeNull();
  });

  it('hides the text behind its content warning until opened', async () => {
    const { user } = renderWithApp(
      <RemotePostCard post={remotePost({ content_warning: 'Spoilers' })} />,
    );
    expect(screen.getByText('Spoilers')).toBeInTheDocument();
    expect(screen.queryByText('Birds <script>today</script>')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('Birds <script>today</script>')).toBeInTheDocument();
  });

  it('likes, boosts and replies through the server, showing its answer', async () => {
    const api = fakeApi({
      'POST /federation/posts/5/like/': { body: { liked_by_me: true, boosted_by_me: false } },
      'POST /federation/posts/5/boost/': { body: { liked_by_me: true, boosted_by_me: true } },
      'DELETE /federation/posts/5/like/': { body: { liked_by_me: false, boosted_by_me: true } },
      'POST /federation/posts/5/reply/': { body: { liked_by_me: false, boosted_by_me: true } },
    });
    signIn(1);
    const { user } = renderWithApp(<RemotePostCard post={remotePost()} />);
    const like = screen.getByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    await user.click(screen.getByRole('button', { name: 'Boost' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Boost' })).toHaveAttribute('aria-pressed', 'true'),
    );
    await user.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(api.callsTo('DELETE /federation/posts/5/like/')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Your reply'), 'Lovely robin');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply sent.')).toBeInTheDocument();
    expect(api.callsTo('POST /federation/posts/5/reply/')[0]?.body).toEqual({
      content: 'Lovely robin',
    });
  });

  it('says who boosted it when it comes as a boost', () => {
    renderWithApp(
      <RemotePostCard
        post={remotePost({
          boost: {
            id: 2,
            handle: '@bo@social.example',
            name: 'Bo',
            profile_url: 'https://social.example/@bo',
          },
        })}
      />,
    );
    expect(screen.getByText('Boosted by Bo')).toBeInTheDocument();
  });
});
