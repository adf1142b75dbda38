import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildUser } from '../../../../test/factories.ts';
import { waitForJobsDone } from '../../../../test/jobs.ts';
import { isoMediaHeader, storedKeys, uploadFile, uploadRow } from '../../../../test/media.ts';
import { startS3, type TestS3 } from '../../../../test/s3.ts';
import { TRUSTED_FFMPEG, framesFor, makeVideo, waitForVideo } from '../../../../test/video.ts';
import type { UploadRow } from '../../../db/schema/index.ts';
import { renditionsPrefix } from '../../../storage/prefix.ts';
import { ffmpegBinaries } from '../../../video/ffmpeg-binary.ts';
import { segmentsOf } from '../../../video/ladder.ts';
import { createVideoTranscodeHandler } from './video-transcode.ts';

const run = promisify(execFile);

async function uploadVideo(t: TestApp, access: string, content: Buffer, filename: string) {
  const response = await uploadFile(
    t,
    { access },
    {
      content,
      context: 'post_video',
      filename,
      type: filename.endsWith('.mov') ? 'video/quicktime' : 'video/mp4',
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/** What ffprobe says of a stored object's streams. */
async function streamsOf(t: TestApp, key: string) {
  const { ffprobe } = await ffmpegBinaries(TRUSTED_FFMPEG);
  return t.storage.withLocalFile(key, async (file) => {
    const { stdout } = await run(ffprobe, [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_streams',
      file,
    ]);
    return (JSON.parse(stdout) as { streams: Record<string, unknown>[] }).streams;
  });
}

/** Checks the stored ladder: the master lists the rungs relatively, every segment is there. */
async function expectLadder(t: TestApp, row: UploadRow, names: string[]) {
  const renditions = row.renditions;
  expect(renditions).not.toBeNull();
  if (!renditions) return;
  const prefix = renditionsPrefix(row.ownerId, row.id);
  expect(renditions.prefix).toBe(prefix);
  expect(renditions.master).toBe(`${prefix}master.m3u8`);
  expect(renditions.mp4).toBe(`${prefix}progressive.mp4`);
  expect(renditions.ladder.map((rung) => rung.name)).toEqual(names);
  const master = (await t.storage.readBuffer(renditions.master)).toString('utf8');
  const listed = master.split('\n').filter((line) => line && !line.startsWith('#'));
  expect(listed).toEqual(names.map((name) => `${name}/index.m3u8`));
  const keys = await storedKeys(t, prefix);
  for (const rung of renditions.ladder) {
    expect(rung.playlist).toBe(`${prefix}${rung.name}/index.m3u8`);
    expect(rung.bandwidth).toBeGreaterThan(0);
    const playlist = (await t.storage.readBuffer(rung.playlist)).toString('utf8');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const segments = segmentsOf(playlist);
    expect(segments.length).toBeGreaterThan(0);
    for (const segment of segments) {
      expect(segment.uri).toMatch(/^segment\d+\.ts$/);
      expect(keys).toContain(`${prefix}${rung.name}/${segment.uri}`);
    }
  }
}

/** Whether an MP4's index (moov) comes before its media (mdat): playable while downloading. */
async function isFaststart(t: TestApp, key: string): Promise<boolean> {
  const head = await t.storage.readBuffer(key);
  const moov = head.indexOf('moov');
  const mdat = head.indexOf('mdat');
  return moov > 0 && mdat > 0 && moov < mdat;
}

/** Every master playlist the transcode writes to the store from now on, in order. */
function recordMasters(t: TestApp): { written: string[]; stop: () => void } {
  const written: string[] = [];
  const original = t.storage.writeBuffer;
  t.storage.writeBuffer = (key, bytes, contentType) => {
    if (key.endsWith('/master.m3u8')) written.push(bytes.toString('utf8'));
    return original.call(t.storage, key, bytes, contentType);
  };
  return { written, stop: () => (t.storage.writeBuffer = original) };
}

/** The rung names a master playlist lists, in its order. */
function rungsListed(master: string): string[] {
  return master
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.replace(/\/index\.m3u8$/, ''));
}

describe('the video transcode on local disk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('turns a phone-style HEVC .mov into an H.264 ladder, a faststart MP4 and a poster, with live progress', async () => {
    const user = await buildUser(t);
    const live = framesFor(t, user.id);
    const masters = recordMasters(t);
    const video = await makeVideo({ codec: 'hevc', width: 1280, height: 720, seconds: 3 });
    const id = await uploadVideo(t, user.access, video, 'IMG_0001.mov');
    expect((await uploadRow(t, id))?.videoState).toMatch(/^(processing|ready)$/);

    const row = await waitForVideo(t, id);
    live.stop();
    expect(row.videoState).toBe('ready');
    expect(row.videoError).toBeNull();
    expect(row.width).toBe(1280);
    expect(row.height).toBe(720);
    expect(row.durationMs).toBeGreaterThanOrEqual(2900);
    expect(row.durationMs).toBeLessThanOrEqual(3200);
    // Never upscaled: a 720p source stops at 720p.
    await expectLadder(t, row, ['360p', '720p']);
    expect(row.renditions?.ladder.map((rung) => [rung.width, rung.height])).toEqual([
      [640, 360],
      [1280, 720],
    ]);
    const mp4 = await streamsOf(t, row.renditions?.mp4 ?? '');
    expect(mp4.map((stream) => [stream.codec_name, stream.profile])).toEqual([
      ['h264', 'High'],
      ['aac', 'LC'],
    ]);
    // The full-size MP4 took the place of the first rung's.
    expect(mp4.find((stream) => stream.codec_type === 'video')).toMatchObject({
      width: 1280,
      height: 720,
    });
    expect(await isFaststart(t, row.renditions?.mp4 ?? '')).toBe(true);
    const segment = await streamsOf(t, `${row.renditions?.prefix}360p/segment0000.ts`);
    expect(segment.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      profile: 'High',
      width: 640,
      height: 360,
    });
    expect(row.variants.poster).toMatch(/-poster\.webp$/);
    expect(row.variants.thumb).toMatch(/-thumb\.webp$/);
    // The blurred preview a pay-per-view video post shows before it is bought.
    expect(row.variants.blur).toMatch(/-blur\.webp$/);

    const processing = live.frames.filter((frame) => frame.type === 'upload_processing');
    expect(processing.every((frame) => frame.upload_id === id)).toBe(true);
    expect(processing.at(-1)).toEqual({
      type: 'upload_processing',
      upload_id: id,
      state: 'ready',
      progress: 100,
    });
    const progress = processing.map((frame) => frame.progress as number);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    // Playable from its 360p rung, made alone first: the post was ready (not yet at 100 %)
    // with a master of that rung only, which then grew to the whole ladder.
    masters.stop();
    const firstReady = processing.findIndex((frame) => frame.state === 'ready');
    expect(processing[firstReady]?.progress).toBeLessThan(100);
    expect(processing.slice(0, firstReady).every((frame) => frame.state === 'processing')).toBe(
      true,
    );
    expect(masters.written.map(rungsListed)).toEqual([['360p'], ['360p', '720p']]);
  });

  it('repackages an H.264/AAC source without re-encoding it, and makes the smaller rungs', async () => {
    const user = await buildUser(t);
    const video = await makeVideo({ codec: 'h264', width: 1280, height: 720, seconds: 2 });
    const id = await uploadVideo(t, user.access, video, 'clip.mp4');
    const row = await waitForVideo(t, id);
    expect(row.videoState).toBe('ready');
    await expectLadder(t, row, ['360p', '720p']);
    // The source's own stream, copied (its profile is not the High of our encodes); the
    // smaller rung is ours.
    const profileOf = async (key: string) =>
      (await streamsOf(t, key)).find((s) => s.codec_type === 'video')?.profile;
    const source = await profileOf(row.storageKey);
    expect(source).not.toBe('High');
    expect(await profileOf(`${row.renditions?.prefix}720p/segment0000.ts`)).toBe(source);
    expect(await profileOf(row.renditions?.mp4 ?? '')).toBe(source);
    expect(await profileOf(`${row.renditions?.prefix}360p/segment0000.ts`)).toBe('High');
    expect(await isFaststart(t, row.renditions?.mp4 ?? '')).toBe(true);
    expect(row.variants.poster).toBeDefined();
  });

  it('fails a truncated file with a clear error, publishing nothing', async () => {
    const user = await buildUser(t);
    const live = framesFor(t, user.id);
    const whole = await makeVideo({
      codec: 'h264',
      width: 320,
      height: 240,
      seconds: 4,
      faststart: true,
    });
    const cut = whole.subarray(0, Math.floor(whole.length * 0.4));
    const id = await uploadVideo(t, user.access, cut, 'cut.mp4');
    const row = await waitForVideo(t, id);
    live.stop();
    expect(row.videoState).toBe('failed');
    expect(row.videoError).toMatch(/incomplete or damaged/);
    expect(row.renditions).toBeNull();
    expect(await storedKeys(t, renditionsPrefix(user.id, id))).toEqual([]);
    expect(live.frames.at(-1)).toMatchObject({
      type: 'upload_processing',
      upload_id: id,
      state: 'failed',
      error: row.videoError,
    });
  });

  it('fails a file that only looks like a video', async () => {
    const user = await buildUser(t);
    const fake = Buffer.concat([isoMediaHeader(), Buffer.from('not really a video '.repeat(50))]);
    const id = await uploadVideo(t, user.access, fake, 'fake.mp4');
    const row = await waitForVideo(t, id);
    expect(row.videoState).toBe('failed');
    expect(row.videoError).toBe(
      'This file could not be read as a video. It may be damaged, or not a video at all.',
    );
  });

  it('never transcodes one upload twice, however many runs start at once', async () => {
    const user = await buildUser(t);
    const live = framesFor(t, user.id);
    const handler = createVideoTranscodeHandler(
      {
        db: t.db,
        pool: t.pool,
        storage: t.storage,
        bus: t.services.bus,
        changes: t.services.changes,
        onVideoChanged: () => undefined,
        jobs: { send: async () => undefined },
        config: t.config.video,
        binaries: () => ffmpegBinaries(TRUSTED_FFMPEG),
        log: { error: () => undefined },
      },
      'video-transcode',
    );
    const video = await makeVideo({ codec: 'hevc', width: 320, height: 240, seconds: 1 });
    const id = await uploadVideo(t, user.access, video, 'twice.mov');
    // Two more runs beside the queue's own.
    await Promise.all([
      handler({ uploadId: id }, { lastAttempt: false }),
      handler({ uploadId: id }, { lastAttempt: false }),
    ]);
    const row = await waitForVideo(t, id);
    expect(row.videoState).toBe('ready');
    // The queue's own run has ended too (the bus delivers in-process, so its frames are in).
    await waitForJobsDone(t, 'video-transcode', { uploadId: id }, 30_000);
    live.stop();
    const done = live.frames.filter(
      (frame) =>
        frame.type === 'upload_processing' && frame.state === 'ready' && frame.progress === 100,
    );
    expect(done).toHaveLength(1);
  });

  it('deleting the upload removes everything under its renditions folder', async () => {
    const user = await buildUser(t);
    const video = await makeVideo({ codec: 'h264', width: 320, height: 240, seconds: 1 });
    const id = await uploadVideo(t, user.access, video, 'small.mp4');
    const row = await waitForVideo(t, id);
    expect(row.videoState).toBe('ready');
    const prefix = renditionsPrefix(user.id, id);
    expect((await storedKeys(t, prefix)).length).toBeGreaterThan(2);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/uploads/${id}/`,
      token: user.access,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await storedKeys(t, prefix)).toEqual([]);
  });
});

describe('the video limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ VIDEO_MAX_SECONDS: '1', VIDEO_MAX_BYTES: '200000' });
  });
  afterAll(() => t.close());

  it('fails a video longer than VIDEO_MAX_SECONDS', async () => {
    const user = await buildUser(t);
    const video = await makeVideo({ codec: 'h264', width: 160, height: 120, seconds: 3 });
    const id = await uploadVideo(t, user.access, video, 'long.mp4');
    const row = await waitForVideo(t, id);
    expect(row.videoState).toBe('failed');
    expect(row.videoError).toBe('This video is longer than the 1 second limit.');
  });

  it('fails a video larger than VIDEO_MAX_BYTES', async () => {
    const user = await buildUser(t);
    const big = Buffer.concat([isoMediaHeader(), Buffer.alloc(300_000, 7)]);
    const id = await uploadVideo(t, user.access, big, 'big.mp4');
    const row = await waitForVideo(t, id);
    expect(row.videoState).toBe('failed');
    expect(row.videoError).toBe('This video is larger than the 195 KB limit.');
  });
});

describe('the video transcode on S3', () => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3();
    t = await buildTestApp(s3.env);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores the ladder in the bucket and removes it with the account', async () => {
    const user = await buildUser(t);
    const video = await makeVideo({ codec: 'hevc', width: 640, height: 360, seconds: 2 });
    const id = await uploadVideo(t, user.access, video, 'IMG_0002.mov');
    const row = await waitForVideo(t, id);
    expect(row.videoState).toBe('ready');
    await expectLadder(t, row, ['360p']);
    expect(await isFaststart(t, row.renditions?.mp4 ?? '')).toBe(true);
    const mp4 = await streamsOf(t, row.renditions?.mp4 ?? '');
    expect(mp4.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');

    const deleted = await t.request({
      method: 'POST',
      url: '/api/auth/account/delete/',
      payload: { password: user.password },
      token: user.access,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await storedKeys(t, `renditions/${user.id}/`)).toEqual([]);
  });
});
