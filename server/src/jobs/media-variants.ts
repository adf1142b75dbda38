import { execFile } from 'node:child_process';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client.ts';
import { uploads, type UploadVariants } from '../db/schema/index.ts';
import { withImageInput } from '../modules/uploads/image-input.ts';
import { MAX_IMAGE_PIXELS } from '../modules/uploads/service.ts';
import type { MediaStorage } from '../storage/storage.ts';
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

function grabFrame(input: string, atSeconds: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-ss',
        String(atSeconds),
        '-i',
        input,
        '-frames:v',
        '1',
        '-f',
        'image2pipe',
        '-vcodec',
        'png',
        '-',
      ],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
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
async function posterFrame(file: string): Promise<Buffer | undefined> {
  let frame = await grabFrame(file, 1).catch(() => undefined);
  if (!frame?.length) frame = await grabFrame(file, 0).catch(() => undefined);
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
    } else if (upload.contentType.startsWith('video/') && (await hasFfmpeg())) {
      const frame = await storage.withLocalFile(upload.storageKey, posterFrame);
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
    const recorded = await db
      .update(uploads)
      .set({ variants })
      .where(eq(uploads.id, uploadId))
      .returning({ id: uploads.id });
    // Deleted while we worked: its deletion could not know these keys, so they go here.
    if (recorded.length === 0) {
      await Promise.all(Object.values(variants).map((key) => storage.remove(key)));
    }
  };
}
