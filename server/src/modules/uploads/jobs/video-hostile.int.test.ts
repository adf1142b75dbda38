import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildUser } from '../../../../test/factories.ts';
import { storedKeys, uploadFile, uploadRow } from '../../../../test/media.ts';
import {
  TRUSTED_FFMPEG,
  framesFor,
  lieAboutDuration,
  makeVideo,
  waitForVideo,
} from '../../../../test/video.ts';
import { uploads } from '../../../db/schema/index.ts';
import { removeUnder, renditionsPrefix } from '../../../storage/prefix.ts';
import { ffmpegBinaries, resolveFfmpeg } from '../../../video/ffmpeg-binary.ts';
import { createMediaVariantsHandler, hasFfmpeg } from './media-variants.ts';
import { createVideoTranscodeHandler } from './video-transcode.ts';

const run = promisify(execFile);
const ffmpegOnPath = await hasFfmpeg();

async function uploadMp4(t: TestApp, access: string, content: Buffer) {
  const response = await uploadFile(
    t,
    { access },
    { content, context: 'post_video', filename: 'clip.mp4', type: 'video/mp4' },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

describe('a video whose header understates its length', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ VIDEO_MAX_SECONDS: '20' });
  });
  afterAll(() => t.close());

  it('fails as too long under VIDEO_MAX_SECONDS, measured from its packets, publishing nothing', async () => {
    const user = await buildUser(t);
    const live = framesFor(t, user.id);
    const whole = await makeVideo({ codec: 'h264', width: 160, height: 120, seconds: 30 });
    const id = await uploadMp4(t, user.access, lieAboutDuration(whole, 5));
    const row = await waitForVideo(t, id);
    live.stop();
    expect(row.videoState).toBe('failed');
    expect(row.videoError).toBe('This video is longer than the 20 seconds limit.');
    expect(row.renditions).toBeNull();
    expect(await storedKeys(t, renditionsPrefix(user.id, id))).toEqual([]);
    expect(
      live.frames.some((frame) => frame.type === 'upload_processing' && frame.state === 'ready'),
    ).toBe(false);
  });
});

describe('a long video whose header says it is short', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('goes to the long-video queue, by its measured length', { timeout: 120_000 }, async () => {
    const user = await buildUser(t);
    // Six minutes of a tiny picture: over the long queue's five, quick to make and to copy.
    const whole = await makeVideo({ codec: 'h264', width: 64, height: 64, seconds: 360 });
    const id = await uploadMp4(t, user.access, lieAboutDuration(whole, 5));
    const row = await waitForVideo(t, id, 100_000);
    expect(row.videoState).toBe('ready');
    expect(row.durationMs).toBeGreaterThan(355_000);
    const { rows } = await t.pool.query<{ name: string }>(
      "select name from pgboss.job where data->>'uploadId' = $1 order by created_on",
      [id],
    );
    expect(rows.map((job) => job.name)).toContain('video-transcode-long');
  });
});

describe('an upload whose bytes are a playlist pointing at another file', () => {
  let t: TestApp;
  let secretDir: string;
  beforeAll(async () => {
    t = await buildTestApp();
    secretDir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-test-secret-'));
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(secretDir, { recursive: true, force: true });
  });

  /**
   * A stored video upload whose original is then replaced by `bytes` (as if they had passed the
   * sniffing), ready for the transcode again.
   */
  async function storedAs(bytes: Buffer) {
    const user = await buildUser(t);
    const real = await makeVideo({ codec: 'h264', width: 160, height: 120, seconds: 1 });
    const id = await uploadMp4(t, user.access, real);
    const done = await waitForVideo(t, id);
    expect(done.videoState).toBe('ready');
    // The queue's run holds the upload's lock until its job completes, just after the row.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await t.pool.query<{ state: string }>(
        "select state from pgboss.job where name = 'video-transcode' and data->>'uploadId' = $1",
        [id],
      );
      if (rows[0]?.state === 'completed') break;
      if (Date.now() > deadline) throw new Error(`transcode job of ${id} never completed`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await t.storage.writeBuffer(done.storageKey, bytes, 'video/mp4');
    await removeUnder(t.storage, renditionsPrefix(user.id, id));
    await t.db
      .update(uploads)
      .set({ videoState: 'processing', videoProgress: 0, renditions: null })
      .where(eq(uploads.id, id));
    return { user, id };
  }

  function transcodeNow(id: string, binaries = () => ffmpegBinaries(TRUSTED_FFMPEG)) {
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
        binaries,
        log: { error: () => undefined },
      },
      'video-transcode',
    );
    return handler({ uploadId: id }, { lastAttempt: true });
  }

  it('an HLS playlist naming another video on disk: the transcode fails, nothing is made of it', async () => {
    // Someone else's private video, as a transport stream the HLS demuxer would read.
    const victim = path.join(secretDir, 'victim.ts');
    const { ffmpeg } = await ffmpegBinaries(TRUSTED_FFMPEG);
    const source = path.join(secretDir, 'victim.mp4');
    await fs.writeFile(
      source,
      await makeVideo({ codec: 'h264', width: 160, height: 120, seconds: 2 }),
    );
    await run(ffmpeg, ['-v', 'error', '-i', source, '-c', 'copy', '-f', 'mpegts', victim]);
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:2,\n${victim}\n#EXT-X-ENDLIST\n`;
    const { user, id } = await storedAs(Buffer.from(playlist));
    await transcodeNow(id);
    const row = await uploadRow(t, id);
    expect(row?.videoState).toBe('failed');
    expect(row?.videoError).toBe(
      'This file could not be read as a video. It may be damaged, or not a video at all.',
    );
    expect(row?.renditions).toBeNull();
    expect(await storedKeys(t, renditionsPrefix(user.id, id))).toEqual([]);
  });

  // The variants job grabs posters with the ffmpeg on PATH; without one it makes none (said in
  // the run's output as a skip, not passed without a check).
  it.skipIf(!ffmpegOnPath)(
    'a poster grab (media-variants) of a real video still makes its poster',
    async () => {
      const real = await makeVideo({ codec: 'h264', width: 160, height: 120, seconds: 2 });
      const { id } = await storedAs(real);
      await t.db.update(uploads).set({ videoState: null, variants: {} }).where(eq(uploads.id, id));
      await createMediaVariantsHandler({ db: t.db, storage: t.storage })({ uploadId: id });
      expect((await uploadRow(t, id))?.variants.poster).toMatch(/-poster\.webp$/);
    },
  );

  it('a poster grab (media-variants) of a playlist naming another video makes no poster', async () => {
    const victim = path.join(secretDir, 'poster-victim.ts');
    const { ffmpeg } = await ffmpegBinaries(TRUSTED_FFMPEG);
    const source = path.join(secretDir, 'poster-victim.mp4');
    await fs.writeFile(
      source,
      await makeVideo({ codec: 'h264', width: 160, height: 120, seconds: 2 }),
    );
    await run(ffmpeg, ['-v', 'error', '-i', source, '-c', 'copy', '-f', 'mpegts', victim]);
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:2,\n${victim}\n#EXT-X-ENDLIST\n`;
    const { id } = await storedAs(Buffer.from(playlist));
    // A video outside the transcode pipeline: the variants job grabs its poster itself.
    await t.db.update(uploads).set({ videoState: null, variants: {} }).where(eq(uploads.id, id));
    await createMediaVariantsHandler({ db: t.db, storage: t.storage })({ uploadId: id });
    expect((await uploadRow(t, id))?.variants).toEqual({});
  });

  it('an ffconcat script naming a secret file: the transcode fails, nothing holds its bytes', async () => {
    const secret = path.join(secretDir, 'secret.mp4');
    const secretBytes = await makeVideo({ codec: 'h264', width: 160, height: 120, seconds: 2 });
    await fs.writeFile(secret, secretBytes);
    const script = `ffconcat version 1.0\nfile ${secret}\nfile /etc/passwd\n`;
    const { user, id } = await storedAs(Buffer.from(script));
    await transcodeNow(id);
    const row = await uploadRow(t, id);
    expect(row?.videoState).toBe('failed');
    expect(row?.renditions).toBeNull();
    const keys = await storedKeys(t, renditionsPrefix(user.id, id));
    expect(keys).toEqual([]);
    const passwd = await fs.readFile('/etc/passwd');
    for (const key of await storedKeys(t, `variants/${user.id}/`)) {
      const bytes = await t.storage.readBuffer(key);
      expect(bytes.includes(passwd.subarray(0, 32))).toBe(false);
    }
  });

  it('a server whose only ffmpeg is the outdated bundled one fails videos without decoding them', async () => {
    const real = await makeVideo({ codec: 'h264', width: 160, height: 120, seconds: 1 });
    const { user, id } = await storedAs(real);
    // No ffmpeg on PATH, FFMPEG_PATH unset, FFMPEG_ALLOW_OUTDATED not set: a fresh machine.
    await transcodeNow(id, () =>
      resolveFfmpeg({ ffmpegPath: undefined, allowOutdated: false, searchPath: '' }),
    );
    const row = await uploadRow(t, id);
    expect(row?.videoState).toBe('failed');
    expect(row?.videoError).toBe(
      'This server cannot process videos yet: its video converter is missing or out of date. Tell the site operator.',
    );
    expect(await storedKeys(t, renditionsPrefix(user.id, id))).toEqual([]);
  });
});

describe.runIf(process.getuid?.() === 0)('as root, on a store nobody may read', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-test-open-store-'));
    await fs.chmod(dataDir, 0o755);
    t = await buildTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('transcodes as nobody: probe, ladder, poster and MP4 all made', async () => {
    const user = await buildUser(t);
    const video = await makeVideo({ codec: 'hevc', width: 1280, height: 720, seconds: 2 });
    // Every ffmpeg and ffprobe this process starts from here on, by the account it runs as.
    const seen = new Set<number>();
    let watching = true;
    const watch = (async () => {
      while (watching) {
        for (const entry of await fs.readdir('/proc')) {
          if (!/^\d+$/.test(entry)) continue;
          const status = await fs.readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
          if (!/^Name:\s+ff(mpeg|probe)/m.test(status)) continue;
          if (!new RegExp(`^PPid:\\s+${process.pid}$`, 'm').test(status)) continue;
          const uid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
          if (uid) seen.add(Number(uid));
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const response = await uploadFile(
      t,
      { access: user.access },
      { content: video, context: 'post_video', filename: 'IMG_0003.mov', type: 'video/quicktime' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const row = await waitForVideo(t, response.json<{ id: string }>().id);
    watching = false;
    await watch;
    expect(row.videoState).toBe('ready');
    expect(row.renditions?.ladder.map((rung) => rung.name)).toEqual(['360p', '720p']);
    expect(row.variants.poster).toBeDefined();
    expect(seen.size).toBeGreaterThan(0);
    expect([...seen].every((uid) => uid !== 0)).toBe(true);
  });
});
