import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { postBody } from '../../test/fixtures';
import { fakeApi, signIn } from '../../test/network';
import { renderWithApp } from '../../test/render';
import { LikedPostsPage } from './LikedPostsPage';

const LIKED = 'GET /posts/liked/';

function renderPage() {
  signIn(7);
  return renderWithApp(<LikedPostsPage />, { route: '/liked' });
}

describe('LikedPostsPage (a post stream)', () => {
  it('shows its empty text when nothing is liked yet', async () => {
    fakeApi({ [LIKED]: { body: [] } });
    renderPage();
    expect(await screen.findByText("You haven't liked any posts yet.")).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the posts the server answers', async () => {
    fakeApi({
      [LIKED]: {
        body: [
          postBody({ id: 1, content: 'Low tide at dawn', liked_by_me: true, like_count: 3 }),
          postBody({ id: 2, content: 'Sketchbook, page 40', liked_by_me: true, like_count: 1 }),
        ],
      },
    });
    renderPage();
    expect(await screen.findByText('Low tide at dawn')).toBeVisible();
    expect(screen.getByText('Sketchbook, page 40')).toBeVisible();
    expect(screen.queryByText("You haven't liked any posts yet.")).not.toBeInTheDocument();
  });

  it("shows the spec's error when the first page fails, and Try again recovers", async () => {
    let failing = true;
    fakeApi({
      [LIKED]: () =>
        failing
          ? { status: 503 }
          : { body: [postBody({ content: 'Back again', liked_by_me: true })] },
    });
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load posts');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
