import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import {
  postMedia,
  posts,
  uploads,
  type VideoRenditions,
  type VideoState,
} from '../src/db/schema/index.ts';
import type { TestApp } from './app.ts';
import type { TestUser } from './factories.ts';

/**
 * Real HLS renditions, made by ffmpeg from its test pattern, stored as a finished transcode
 * stores them: for testing what serves and shows videos without running the transcode itself.
 */

const run = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH || 'ffmpeg';

/** A rung of the test ladder: one in MPEG-TS segments, one in fMP4 (with an init segment). */
export const TEST_LADDER = [
  { name: '240p', width: 320, height: 240, bandwidth: 400_000, segments: 'ts' },
  { name: '144p', width: 192, height: 144, bandwidth: 200_000, segments: 'fmp4' },
] as const;

/** Files by their path below the renditions' prefix (`master.m3u8`, `240p/seg000.ts`, ...). */
export type RenditionFiles = Map<string, Buffer>;

let made: Promise<RenditionFiles> | undefined;

async function ffmpeg(args: string[]) {
  await run(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

/** Two seconds of video in two segments per rung, a master playlist, and a progressive MP4. */
export function testRenditions(): Promise<RenditionFiles> {
  made ??= (async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-test-hls-'));
    try {
      const source = (width: number, height: number) => [
        '-f',
        'lavfi',
        '-i',
        `testsrc=size=${width}x${height}:rate=24`,
        '-t',
        '2',
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
        '-g',
        '24',
      ];
      for (const rung of TEST_LADDER) {
        const folder = path.join(dir, rung.name);
        await fs.mkdir(folder);
        const fmp4 = rung.segments === 'fmp4';
        await ffmpeg([
          ...source(rung.width, rung.height),
          '-hls_time',
          '1',
          '-hls_playlist_type',
          'vod',
          ...(fmp4 ? ['-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4'] : []),
          '-hls_segment_filename',
          path.join(folder, fmp4 ? 'seg%03d.m4s' : 'seg%03d.ts'),
          path.join(folder, 'index.m3u8'),
        ]);
      }
      await ffmpeg([
        ...source(320, 240),
        '-movflags',
        '+faststart',
        path.join(dir, 'progressive.mp4'),
      ]);
      const master = [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        ...TEST_LADDER.flatMap((rung) => [
          `#EXT-X-STREAM-INF:BANDWIDTH=${rung.bandwidth},RESOLUTION=${rung.width}x${rung.height}`,
          `${rung.name}/index.m3u8`,
        ]),
        '',
      ].join('\n');
      await fs.writeFile(path.join(dir, 'master.m3u8'), master);
      const files: RenditionFiles = new Map();
      for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        files.set(path.relative(dir, full).split(path.sep).join('/'), await fs.readFile(full));
      }
      return files;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  })();
  return made;
}

/** The renditions record of a finished transcode of `uploadId`. */
export function renditionsOf(ownerId: number, uploadId: string): VideoRenditions {
  const prefix = `renditions/${ownerId}/${uploadId}/`;
  return {
    prefix,
    master: `${prefix}master.m3u8`,
    mp4: `${prefix}progressive.mp4`,
    ladder: TEST_LADDER.map(({ name, width, height, bandwidth }) => ({
      name,
      width,
      height,
      bandwidth,
      playlist: `${prefix}${name}/index.m3u8`,
    })),
  };
}

/** Writes the test renditions of `uploadId` into the store (bytes only; the row is apart). */
export async function storeRenditions(t: TestApp, ownerId: number, uploadId: string) {
  const renditions = renditionsOf(ownerId, uploadId);
  for (const [name, bytes] of await testRenditions()) {
    await t.storage.writeBuffer(`${renditions.prefix}${name}`, bytes, 'application/octet-stream');
  }
  return renditions;
}

/** Sets where a video's transcode is, as the transcode job would. */
export async function setVideoState(
  t: TestApp,
  uploadId: string,
  values: {
    state: VideoState | null;
    progress?: number;
    error?: string | null;
    renditions?: VideoRenditions | null;
  },
) {
  await t.db
    .update(uploads)
    .set({
      videoState: values.state,
      videoProgress: values.progress ?? (values.state === 'ready' ? 100 : 0),
      videoError: values.error ?? null,
      ...(values.renditions === undefined ? {} : { renditions: values.renditions }),
    })
    .where(eq(uploads.id, uploadId));
}

/**
 * A video upload of `owner` (its original in the store, its row written directly, so no job
 * touches it), in `state`; a ready one has the test renditions stored and recorded.
 */
export async function storeVideo(
  t: TestApp,
  owner: Pick<TestUser, 'id'>,
  options: {
    state: VideoState | null;
    context?: 'post_video' | 'message_attachment' | 'media';
    progress?: number;
    error?: string;
  },
): Promise<string> {
  const files = await testRenditions();
  const original = files.get('progressive.mp4') as Buffer;
  const id = randomUUID();
  const storageKey = `originals/${owner.id}/${id}.mp4`;
  await t.storage.writeBuffer(storageKey, original, 'video/mp4');
  await t.db.insert(uploads).values({
    id,
    ownerId: owner.id,
    context: options.context ?? 'post_video',
    storageKey,
    originalFilename: 'holiday.mov',
    contentType: 'video/mp4',
    sizeBytes: original.length,
    // Unique per row: the owner's uploads are deduplicated by hash.
    sha256: randomUUID().replaceAll('-', '').padEnd(64, '0'),
    width: 320,
    height: 240,
  });
  const renditions = options.state === 'ready' ? await storeRenditions(t, owner.id, id) : undefined;
  await setVideoState(t, id, {
    state: options.state,
    progress: options.progress,
    error: options.error,
    renditions: renditions ?? null,
  });
  return id;
}

/** A video post of `author` on an upload made by `storeVideo`, written as the app writes it. */
export async function storeVideoPost(
  t: TestApp,
  author: Pick<TestUser, 'id'>,
  videoId: string,
  content = 'Posted a video',
): Promise<number> {
  const [row] = await t.db
    .insert(posts)
    .values({ authorId: author.id, content, type: 'video', videoId })
    .returning({ id: posts.id });
  if (!row) throw new Error('post insert failed');
  await t.db
    .insert(postMedia)
    .values({ postId: row.id, position: 0, uploadId: videoId, kind: 'video' });
  return row.id;
}

/** Makes a post (a locked one made through the API, say) carry a video made by `storeVideo`. */
export async function attachVideo(t: TestApp, postId: number, videoId: string) {
  await t.db.update(posts).set({ type: 'video', videoId }).where(eq(posts.id, postId));
  // Its last file, as the app keeps a post's files in post_media.
  const held = await t.db.$count(postMedia, eq(postMedia.postId, postId));
  await t.db.insert(postMedia).values({ postId, position: held, uploadId: videoId, kind: 'video' });
}

/** The upload a post's video is: the post's JSON names it only once it plays. */
export async function videoIdOfPost(t: TestApp, postId: number): Promise<string> {
  const row = await t.db.query.posts.findFirst({ where: eq(posts.id, postId) });
  if (!row?.videoId) throw new Error(`post ${postId} has no video`);
  return row.videoId;
}
