import { describe, expect, it } from 'vitest';
import { videoFields } from './video-fields.ts';

describe('videoFields', () => {
  it("reads a viewer's fields and its owner's", () => {
    const viewer = {
      video_url: '/media/a/mp4?exp=1&sig=x',
      video_hls_url: '/media/a/hls/master.m3u8?exp=1&sig=x',
      poster_url: null,
    };
    expect(videoFields.parse(viewer)).toEqual(viewer);
    const owner = {
      video_url: null,
      video_hls_url: null,
      poster_url: null,
      video_upload_id: '0b9a3c5e-1f2d-4a6b-8c7d-9e0f1a2b3c4d',
      video_state: 'processing',
      video_progress: 42,
      video_error: null,
    };
    expect(videoFields.parse(owner)).toEqual(owner);
  });

  it('refuses a state or a progress the server never sends', () => {
    expect(videoFields.safeParse({ video_state: 'queued' }).success).toBe(false);
    expect(videoFields.safeParse({ video_progress: 101 }).success).toBe(false);
    expect(videoFields.safeParse({ video_progress: 1.5 }).success).toBe(false);
    expect(videoFields.safeParse({ video_upload_id: '42' }).success).toBe(false);
  });
});
