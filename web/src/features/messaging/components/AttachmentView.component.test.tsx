import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

  it('shows the player alone without one', async () => {
    const { container } = renderAttachment({ ...video, visible_mark: null });
    await screen.findByLabelText('clip.mp4');
    expect(container.querySelector('video')).not.toBeNull();
    expect(container.querySelector('[data-visible-mark]')).toBeNull();
  });
});
