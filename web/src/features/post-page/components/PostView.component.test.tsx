import { screen, within } from '@testing-library/react';
import type { Comment, CommentPage } from '@zura/contracts';
import { describe, expect, it, vi } from 'vitest';
import { postBody } from '../../../../test/fixtures';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { PostView } from './PostView';

const POST_ID = 31;
const COMMENTS_PATH = `GET /posts/${POST_ID}/comments/?limit=20`;

/** Someone else's post, as the shared link's page reads it. */
const shared = postBody({ id: POST_ID, user_id: 3, username: 'bea', can_delete: false });

function commentBody(content: string): Comment {
  return {
    id: 900,
    post_id: POST_ID,
    parent_id: null,
    content,
    author: { id: 7, username: 'ann', profile_image: null },
    created_at: new Date().toISOString(),
    edited_at: null,
    reply_count: 0,
    can_edit: true,
    can_delete: true,
  };
}

function pageOf(results: Comment[]): CommentPage {
  return { results, next: null, comments_enabled: true, comment_count: results.length };
}

function renderPostPage() {
  signIn(7);
  const view = renderWithApp(<PostView postId={POST_ID} />);
  const actions = () => screen.getByRole('group', { name: 'Post actions' });
  return { ...view, actions };
}

describe('the post page shows what it saved', () => {
  it('a like shows pressed with its count at once', async () => {
    const api = fakeApi({
      [`GET /posts/${POST_ID}/`]: { body: shared },
      [`PUT /posts/${POST_ID}/like/`]: { body: { liked: true, like_count: 1 } },
    });
    const { user, actions } = renderPostPage();
    await screen.findByText('Hello there');

    await user.click(within(actions()).getByRole('button', { name: 'Like' }));

    await vi.waitFor(() =>
      expect(within(actions()).getByRole('button', { name: 'Like' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(within(actions()).getByText('1 like')).toBeInTheDocument();
    expect(api.callsTo(`PUT /posts/${POST_ID}/like/`)).toHaveLength(1);
    // Shown from the answer, not by reading the post again.
    expect(api.callsTo(`GET /posts/${POST_ID}/`)).toHaveLength(1);
  });

  it('a comment that is saved shows under the post with the new count, and the box empties', async () => {
    let saved: Comment[] = [];
    const api = fakeApi({
      [`GET /posts/${POST_ID}/`]: { body: shared },
      [COMMENTS_PATH]: () => ({ body: pageOf(saved) }),
      [`POST /posts/${POST_ID}/comments/`]: (call) => {
        const { content } = call.body as { content: string };
        saved = [commentBody(content)];
        return { status: 201, body: { comment: saved[0], comment_count: 1 } };
      },
    });
    const { user, actions } = renderPostPage();
    await screen.findByText('Hello there');
    await user.click(within(actions()).getByRole('button', { name: 'Comment' }));
    const box = await screen.findByRole('textbox', { name: 'Your comment' });

    await user.type(box, 'Lovely light');
    const panel = screen.getByRole('region', { name: /comments/i });
    await user.click(within(panel).getByRole('button', { name: 'Comment' }));

    expect(await within(panel).findByText('Lovely light')).toBeInTheDocument();
    expect(screen.queryByText('Could not send the comment.')).not.toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(within(actions()).getByRole('button', { name: /^Comment/ })).toHaveTextContent(
      'Comment1',
    );
    expect(api.callsTo(`POST /posts/${POST_ID}/comments/`)).toHaveLength(1);
  });
});
