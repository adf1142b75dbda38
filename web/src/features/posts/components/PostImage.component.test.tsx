import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { postBody } from '../../../../test/fixtures';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { PostList } from './PostList';

const SRCSET =
  '/media/u1/thumb?exp=1&sig=a 320w, /media/u1/medium?exp=1&sig=b 640w, /media/u1/feed?exp=1&sig=c 1080w';

function renderPost(overrides: Parameters<typeof postBody>[0]) {
  fakeApi();
  signIn(8);
  const shown = postBody({ id: 40, content: '', type: 'post', ...overrides });
  renderWithApp(<PostList posts={[shown]} variant="feed" onUnlocked={vi.fn()} />);
}

describe('sized post images', () => {
  it('a single image offers its sizes, with sizes and its stored width and height', () => {
    const url = '/media/u1/feed?exp=1&sig=c';
    renderPost({
      image: url,
      image_url: url,
      media: [{ kind: 'image', url, width: 2000, height: 1000, srcset: SRCSET }],
    });
    const image = screen.getByRole('img', { name: /ann/ });
    expect(image).toHaveAttribute('src', url);
    expect(image).toHaveAttribute('srcset', SRCSET);
    expect(image.getAttribute('sizes')).toMatch(/100vw/);
    expect(image).toHaveAttribute('width', '2000');
    expect(image).toHaveAttribute('height', '1000');
  });

  it('an image without sizes yet (older uploads) keeps its src alone', () => {
    const url = '/media/u1/original?exp=1&sig=o';
    renderPost({
      image: url,
      image_url: url,
      media: [{ kind: 'image', url, width: 20, height: 10 }],
    });
    const image = screen.getByRole('img', { name: /ann/ });
    expect(image).toHaveAttribute('src', url);
    expect(image).not.toHaveAttribute('srcset');
  });

  it("the author's avatar is the small size when the server names one", () => {
    renderPost({ user_avatar: '/media/a/original?x', user_avatar_small: '/media/a/avatar?x' });
    const avatars = document.querySelectorAll('img[src^="/media/a/"]');
    expect([...avatars].map((img) => img.getAttribute('src'))).toEqual(['/media/a/avatar?x']);
  });
});
