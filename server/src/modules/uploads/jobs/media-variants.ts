import { execFile } from 'node:child_process';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../../db/client.ts';
import { uploads, type UploadVariants } from '../../../db/schema/index.ts';
import { withImageInput } from '../image-input.ts';
import { MAX_IMAGE_PIXELS } from '../service.ts';
import type { MediaStorage } from '../../../storage/storage.ts';
import { demuxerFor, inputOptions } from '../../../video/probe.ts';
import { spawnLimited } from '../../../video/run-ffmpeg.ts';
import { accountFor } from '../../../video/sandbox.ts';
import { perceptualHash } from '../../../watermark/index.ts';
import { blurPreview } from './blur-preview.ts';

const FEED_WIDTH = 1080;
/** The middle width of a post image's srcset, between the thumbnail and the feed size. */
const MEDIUM_WIDTH = 640;
const THUMB_WIDTH = 320;
/** Avatars show at 48 px at most: 96 px covers a 2x screen. */
const AVATAR_SIZE = 96;

/** Whether ffmpeg is on PATH; checked once. Without it videos simply have no poster. */
let ffmpegAvailable: Promise<boolean> | undefined;
export function hasFfmpeg(): Promise<boolean> {
  ffmpegAvailable ??= new Promise((resolve) => {
    execFile('ffmpeg', ['-version'], (error) => resolve(!error));
  });
  return ffmpegAvailable;
}

/** One poster grab's limits: one frame out, to a pipe (see `video/sandbox.ts`). */
const GRAB_LIMITS = { memoryBytes: 4 * 1024 ** 3, cpuSeconds: 60, fileBytes: 1024 * 1024 };

/** A PNG of the frame `atSeconds` in, read with the demuxer `format`, under the sandbox. */
async function grabFrame(input: string, format: string, atSeconds: number): Promise<Buffer> {
  const sandbox = { account: await accountFor(input), limits: GRAB_LIMITS };
  return new Promise((resolve, reject) => {
    const child = spawnLimited(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-ss', String(atSeconds)],
        ...inputOptions(format),
        ...['-i', input, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', '-'],
      ],
      sandbox,
    );
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 64 * 1024 * 1024) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.stderr.resume();
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new Error(`ffmpeg exited with ${code}`));
    });
  });
}

async function webp(input: Buffer | string, width: number): Promise<Buffer> {
  return sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/** A square, centred crop for round avatars. */
function avatar(input: Buffer | string): Promise<Buffer> {
  return sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: 'cover' })
    .webp({ quality: 80 })
    .toBuffer();
}

/** The variants of a still image, or of a video's frame: what each is called and its width. */
type VariantName = keyof UploadVariants;

/** The sizes asked for, and the blurred preview pay-per-view posts show before they are bought. */
async function webpVariants(
  input: Buffer | string,
  sizes: [VariantName, number][],
): Promise<Map<VariantName, Buffer>> {
  const made = new Map<VariantName, Buffer>();
  for (const [name, width] of sizes) made.set(name, await webp(input, width));
  made.set('blur', await blurPreview(input));
  return made;
}

/** A poster frame a second in (skips a fade from black), or the first one of a shorter clip. */
async function posterFrame(file: string, format: string): Promise<Buffer | undefined> {
  let frame = await grabFrame(file, format, 1).catch(() => undefined);
  if (!frame?.length) frame = await grabFrame(file, format, 0).catch(() => undefined);
  return frame?.length ? frame : undefined;
}

/**
 * Makes the WebP feed, medium and thumbnail sizes (and a profile image's square avatar) and the
 * blurred preview of an image, or a poster frame (plus
 * its thumbnail and blurred preview) of a video, and records their storage keys on the upload.
 */
export function createMediaVariantsHandler(deps: { db: Database; storage: MediaStorage }) {
  const { db, storage } = deps;
  return async ({ uploadId }: { uploadId: string }) => {
    const upload = await db.query.uploads.findFirst({ where: eq(uploads.id, uploadId) });
    if (!upload) return;
    const base = upload.storageKey.replace(/^originals\//, 'variants/').replace(/\.[^./]+$/, '');
    let made = new Map<VariantName, Buffer>();
    // A video is read only with the demuxer its sniffed type names (never a guessed playlist).
    const demuxer = demuxerFor(upload.contentType);
    if (upload.contentType.startsWith('image/')) {
      made = await withImageInput(storage, upload.storageKey, upload.sizeBytes, async (input) => {
        const images = await webpVariants(input, [
          ['feed', FEED_WIDTH],
          ['medium', MEDIUM_WIDTH],
          ['thumb', THUMB_WIDTH],
        ]);
        if (upload.context === 'profile_image') images.set('avatar', await avatar(input));
        return images;
      });
    } else if (demuxer && (await hasFfmpeg())) {
      const frame = await storage.withLocalFile(upload.storageKey, (file) =>
        posterFrame(file, demuxer),
      );
      if (frame)
        made = await webpVariants(frame, [
          ['poster', FEED_WIDTH],
          ['thumb', THUMB_WIDTH],
        ]);
    }
    if (made.size === 0) return;
    const variants: UploadVariants = {};
    for (const [name, bytes] of made) {
      const key = `${base}-${name}.webp`;
      await storage.writeBuffer(key, bytes, 'image/webp');
      variants[name] = key;
    }
    // An image's perceptual hash: how the leak tracer finds the upload a leaked copy came from.
    const feed = upload.contentType.startsWith('image/') ? made.get('feed') : undefined;
    const hash = feed && (await perceptualHash(feed).catch(() => undefined));
    const recorded = await db
      .update(uploads)
      .set({ variants, ...(hash === undefined ? {} : { perceptualHash: hash }) })
      .where(eq(uploads.id, uploadId))
      .returning({ id: uploads.id });
    // Deleted while we worked: its deletion could not know these keys, so they go here.
    if (recorded.length === 0) {
      await Promise.all(Object.values(variants).map((key) => storage.remove(key)));
    }
  };
}
