import { describe, expect, it } from 'vitest';
import { gaveFreshUrls, holdsUpload, onSourceFailed } from './expiry-recovery';

const ID = '0b9a3c5e-1f2d-4a6b-8c7d-9e0f1a2b3c4d';
const STALE = `/media/${ID}/hls/master.m3u8?exp=1000&sig=old`;
const FRESH = `/media/${ID}/hls/master.m3u8?exp=4600&sig=new`;

/** A feed page as the post list query keeps it, holding one post's video. */
const page = (hls: string) => ({
  pages: [{ posts: [{ id: 1, video_hls_url: hls, video_url: null }], next: undefined }],
  pageParams: [''],
});

describe('a failed video URL', () => {
  it('is read again once, keeping the position and whether it played', () => {
    expect(onSourceFailed(STALE, undefined, { at: 42.5, playing: true })).toEqual({
      action: 'refresh',
      resume: { at: 42.5, playing: true, stale: STALE },
    });
    expect(onSourceFailed(STALE, undefined, { at: Number.NaN, playing: false })).toEqual({
      action: 'refresh',
      resume: { at: 0, playing: false, stale: STALE },
    });
  });

  it('is given up when the same URL fails again during or after its refresh', () => {
    const pending = { at: 10, playing: true, stale: STALE };
    expect(onSourceFailed(STALE, pending, { at: 10, playing: true })).toEqual({
      action: 'give-up',
    });
    // A fresh URL that expires in its turn (another long pause) is read again.
    expect(onSourceFailed(FRESH, pending, { at: 80, playing: false })).toMatchObject({
      action: 'refresh',
      resume: { at: 80, stale: FRESH },
    });
  });
});

describe('the items to read again', () => {
  it('are those that hold a URL of the video', () => {
    expect(holdsUpload(page(STALE), ID)).toBe(true);
    expect(holdsUpload(page(STALE), ID.toUpperCase())).toBe(true);
    expect(holdsUpload(page(`/media/${ID.replace('0b9', '1b9')}/mp4?sig=x`), ID)).toBe(false);
    expect(holdsUpload(undefined, ID)).toBe(false);
    expect(holdsUpload({ unread: 3 }, ID)).toBe(false);
  });

  it('gave fresh URLs only when none still names the failed one', () => {
    expect(gaveFreshUrls([page(FRESH), { unread: 3 }], ID, STALE)).toBe(true);
    // Signed within the same step: not an expiry, the player falls back as before.
    expect(gaveFreshUrls([page(STALE)], ID, STALE)).toBe(false);
    expect(gaveFreshUrls([page(FRESH), page(STALE)], ID, STALE)).toBe(false);
    // The video is gone from every item (deleted, or no longer visible).
    expect(gaveFreshUrls([{ pages: [] }], ID, STALE)).toBe(false);
  });
});
