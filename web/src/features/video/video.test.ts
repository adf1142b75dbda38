import { describe, expect, it } from 'vitest';
import { playbackPlan } from './playback';
import {
  clampProgress,
  currentProcessing,
  serverProcessing,
  uploadIdOfMediaUrl,
  videoUploadId,
} from './processing';

const ID = '0b9a3c5e-1f2d-4a6b-8c7d-9e0f1a2b3c4d';

describe('playbackPlan', () => {
  const urls = { hlsUrl: '/media/x/hls/master.m3u8?sig=a', fileUrl: '/media/x/mp4?sig=b' };

  it('streams natively where the browser plays HLS (Safari, iOS)', () => {
    expect(playbackPlan({ ...urls, nativeHls: true, mediaSource: true })).toEqual({
      kind: 'native-hls',
      src: urls.hlsUrl,
    });
  });

  it('streams through hls.js where only Media Source Extensions exist', () => {
    expect(playbackPlan({ ...urls, nativeHls: false, mediaSource: true })).toEqual({
      kind: 'hls.js',
      src: urls.hlsUrl,
    });
  });

  it('plays the file without either, without a stream, or after the stream failed', () => {
    const file = { kind: 'file', src: urls.fileUrl };
    expect(playbackPlan({ ...urls, nativeHls: false, mediaSource: false })).toEqual(file);
    expect(
      playbackPlan({
        hlsUrl: undefined,
        fileUrl: urls.fileUrl,
        nativeHls: true,
        mediaSource: true,
      }),
    ).toEqual(file);
    expect(
      playbackPlan({ hlsUrl: undefined, fileUrl: undefined, nativeHls: true, mediaSource: true }),
    ).toEqual({ kind: 'none' });
  });
});

describe('the upload behind a media URL', () => {
  it('reads the id of signed, streamed and poster URLs', () => {
    expect(uploadIdOfMediaUrl(`/media/${ID}/original?exp=1&sig=x`)).toBe(ID);
    expect(uploadIdOfMediaUrl(`/media/${ID.toUpperCase()}/hls/master.m3u8?exp=1`)).toBe(ID);
    expect(uploadIdOfMediaUrl(`https://zura.example/media/${ID}/poster`)).toBe(ID);
    expect(uploadIdOfMediaUrl(`/media/${ID}`)).toBe(ID);
  });

  it('finds nothing in other URLs', () => {
    expect(uploadIdOfMediaUrl(undefined)).toBeUndefined();
    expect(uploadIdOfMediaUrl('blob:https://zura.example/abc')).toBeUndefined();
    expect(uploadIdOfMediaUrl(`/media/${ID}extra/original`)).toBeUndefined();
    expect(uploadIdOfMediaUrl(`https://bucket.example/renditions/1/${ID}/master.m3u8`)).toBe(
      undefined,
    );
  });

  it('takes the first URL that names an upload', () => {
    expect(videoUploadId([null, 'https://bucket.example/x', `/media/${ID}/poster`])).toBe(ID);
    expect(videoUploadId([])).toBeUndefined();
  });
});

describe('processing state', () => {
  it('is nothing for a ready video or one stored before transcoding', () => {
    expect(serverProcessing({ video_state: 'ready', video_progress: 100 })).toBeUndefined();
    expect(serverProcessing({ video_state: null })).toBeUndefined();
    expect(serverProcessing({})).toBeUndefined();
  });

  it('reads the owner fields, clamping the percentage', () => {
    expect(serverProcessing({ video_state: 'processing', video_progress: 140 })).toEqual({
      state: 'processing',
      progress: 100,
      error: null,
    });
    expect(
      serverProcessing({ video_state: 'failed', video_progress: 30, video_error: 'Too long.' }),
    ).toEqual({ state: 'failed', progress: 0, error: 'Too long.' });
    expect(clampProgress(Number.NaN)).toBe(0);
    expect(clampProgress(-4)).toBe(0);
    expect(clampProgress(41.6)).toBe(42);
  });

  it('moves on with the live frames', () => {
    const server = serverProcessing({ video_state: 'processing', video_progress: 20 });
    expect(currentProcessing(server, undefined)).toEqual(server);
    expect(currentProcessing(server, { state: 'processing', progress: 55, error: null })).toEqual({
      state: 'processing',
      progress: 55,
      error: null,
    });
    // A throttled frame older than the server's read does not move the bar back.
    expect(currentProcessing(server, { state: 'processing', progress: 5, error: null })).toEqual({
      state: 'processing',
      progress: 20,
      error: null,
    });
    expect(
      currentProcessing(server, { state: 'failed', progress: 0, error: 'The file is truncated.' }),
    ).toEqual({ state: 'failed', progress: 0, error: 'The file is truncated.' });
  });

  it('stays at 100% after the ready frame until the playable item arrives', () => {
    const server = serverProcessing({ video_state: 'processing', video_progress: 90 });
    expect(currentProcessing(server, { state: 'ready', progress: 100, error: null })).toEqual({
      state: 'processing',
      progress: 100,
      error: null,
    });
    // The refetched item is ready: it plays, whatever the frames said.
    expect(
      currentProcessing(undefined, { state: 'processing', progress: 50, error: null }),
    ).toBeUndefined();
  });
});
