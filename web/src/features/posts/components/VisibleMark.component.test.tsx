import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postBody } from '../../../../test/fixtures';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { PostList } from './PostList';

const MARK = '@fan123 · zura.example';
const video = {
  type: 'video',
  video: '/media/v1/mp4?exp=1&to=8&sig=a',
  video_url: '/media/v1/mp4?exp=1&to=8&sig=a',
  poster_url: '/media/v1/poster?exp=1&sig=p',
};

function renderPost(overrides: Parameters<typeof postBody>[0]) {
  fakeApi();
  signIn(8);
  const shown = postBody({ id: 41, user_id: 7, content: 'For subscribers', ...overrides });
  return renderWithApp(<PostList posts={[shown]} variant="feed" onUnlocked={vi.fn()} />);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("a gated video's visible mark (issue 35)", () => {
  it("lays the viewer's name over the player, letting clicks through and moving every few seconds", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderPost({ ...video, visible_mark: MARK });
    const label = await screen.findByText(MARK);
    const overlay = label.parentElement as HTMLElement;
    expect(overlay).toHaveAttribute('aria-hidden', 'true');
    expect(overlay).toHaveClass('pointer-events-none', 'absolute', 'inset-0');
    // Over the player: in the same positioned box as the video.
    const box = overlay.parentElement as HTMLElement;
    expect(box).toHaveClass('relative');
    expect(box.querySelector('video')).not.toBeNull();
    const placeAt = () => `${label.style.left} ${label.style.top}`;
    const first = placeAt();
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    const second = placeAt();
    expect(second).not.toBe(first);
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(placeAt()).not.toBe(second);
  });

  it('shows nothing over a video whose post carries no mark', async () => {
    renderPost({ ...video, visible_mark: null });
    await screen.findByLabelText(/video/i);
    expect(screen.queryByText(MARK)).toBeNull();
    expect(document.querySelector('[data-visible-mark]')).toBeNull();
  });

  it('lays it over the shown video of a post with several files', async () => {
    const { user } = renderPost({
      visible_mark: MARK,
      media: [
        { kind: 'image', url: '/media/i1/feed?exp=1&to=8&v=1&sig=i', width: 20, height: 10 },
        {
          kind: 'video',
          url: video.video_url,
          video_url: video.video_url,
          poster_url: video.poster_url,
          width: 20,
          height: 10,
        },
      ],
    });
    await screen.findByRole('region', { name: /ann/ });
    expect(screen.queryByText(MARK)).toBeNull();
    await user.click(screen.getByRole('button', { name: /next/i }));
    expect(await screen.findByText(MARK)).toBeInTheDocument();
  });
});
