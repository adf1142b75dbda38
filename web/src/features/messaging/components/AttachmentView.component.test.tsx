import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import type { Attachment } from '../api';
import { AttachmentView } from './AttachmentView';

const MARK = '@fan123 · zura.example';
const video: Attachment = {
  id: 'v1',
  original_filename: 'clip.mp4',
  file_size: 1000,
  content_type: 'video/mp4',
  file_url: '/media/v1/mp4?exp=1&to=8&sig=a',
  thumbnail_url: null,
  is_image: false,
  video_url: '/media/v1/mp4?exp=1&to=8&sig=a',
  video_hls_url: '/media/v1/hls/master.m3u8?exp=1&to=8&sig=h',
  poster_url: '/media/v1/poster?exp=1&sig=p',
};

function renderAttachment(attachment: Attachment) {
  fakeApi();
  signIn(8);
  return renderWithApp(<AttachmentView attachment={attachment} onColour={false} />);
}

afterEach(() => {
  Reflect.deleteProperty(document, 'fullscreenEnabled');
  Reflect.deleteProperty(document, 'fullscreenElement');
  Reflect.deleteProperty(HTMLElement.prototype, 'requestFullscreen');
});

describe("a paid message's video (issue 35)", () => {
  it("lays the buyer's name over the player when the answer names a visible mark", async () => {
    const { container } = renderAttachment({ ...video, visible_mark: MARK });
    const label = await screen.findByText(MARK);
    const overlay = label.parentElement as HTMLElement;
    expect(overlay).toHaveAttribute('aria-hidden', 'true');
    expect(overlay).toHaveClass('pointer-events-none', 'absolute', 'inset-0');
    const box = overlay.parentElement as HTMLElement;
    expect(box).toHaveClass('relative');
    expect(box.querySelector('video')).not.toBeNull();
    expect(container.querySelectorAll('[data-visible-mark]')).toHaveLength(1);
  });

  it("turns off the browser's own full screen and picture-in-picture, and takes the mark to full screen with the player", async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    const requested: Element[] = [];
    const request = vi.fn(function (this: Element) {
      requested.push(this);
      return Promise.resolve();
    });
    // jsdom has no Fullscreen API: the box's request is recorded instead.
    Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', {
      configurable: true,
      value: request,
    });
    const { container } = renderAttachment({ ...video, visible_mark: MARK });
    await screen.findByText(MARK);
    const player = container.querySelector('video') as HTMLVideoElement;
    expect(player.getAttribute('controlslist')).toBe('nofullscreen');
    expect(player.hasAttribute('disablepictureinpicture')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    const box = container.querySelector('[data-marked-video]');
    expect(requested).toEqual([box]);
    // Once in full screen, the same button leaves it.
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: box });
    act(() => {
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    expect(screen.getByRole('button', { name: 'Exit full screen' })).toBeInTheDocument();
  });

  it('shows the player alone without one', async () => {
    const { container } = renderAttachment({ ...video, visible_mark: null });
    await screen.findByLabelText('clip.mp4');
    expect(container.querySelector('video')).not.toBeNull();
    expect(container.querySelector('[data-visible-mark]')).toBeNull();
    expect(container.querySelector('video')?.getAttribute('controlslist')).toBeNull();
  });
});
