import { execFile } from 'node:child_process';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client.ts';
import { uploads, type UploadVariants } from '../db/schema/index.ts';
import { MAX_IMAGE_PIXELS } from '../modules/uploads/service.ts';
import type { MediaStorage } from '../storage/storage.ts';

const FEED_WIDTH = 1080;
const THUMB_WIDTH = 320;

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

/**
 * Makes the WebP feed size and thumbnail of an image, or a poster frame (plus its thumbnail)
 * of a video, and records their storage keys on the upload.
 */
export function createMediaVariantsHandler(deps: { db: Database; storage: MediaStorage }) {
  return async ({ uploadId }: { uploadId: string }) => {
    const upload = await deps.db.query.uploads.findFirst({ where: eq(uploads.id, uploadId) });
    if (!upload) return;
    const source = deps.storage.localPath(upload.storageKey);
    const base = upload.storageKey.replace(/^originals\//, 'variants/').replace(/\.[^./]+$/, '');
    const variants: UploadVariants = {};
    if (upload.contentType.startsWith('image/')) {
      await deps.storage.writeBuffer(`${base}-feed.webp`, await webp(source, FEED_WIDTH));
      await deps.storage.writeBuffer(`${base}-thumb.webp`, await webp(source, THUMB_WIDTH));
      variants.feed = `${base}-feed.webp`;
      variants.thumb = `${base}-thumb.webp`;
    } else if (upload.contentType.startsWith('video/') && (await hasFfmpeg())) {
      // A frame a second in skips a fade from black; a clip of a second or less has none there.
      let frame = await grabFrame(source, 1).catch(() => undefined);
      if (!frame?.length) frame = await grabFrame(source, 0).catch(() => undefined);
      if (frame && frame.length > 0) {
        await deps.storage.writeBuffer(`${base}-poster.webp`, await webp(frame, FEED_WIDTH));
        await deps.storage.writeBuffer(`${base}-thumb.webp`, await webp(frame, THUMB_WIDTH));
        variants.poster = `${base}-poster.webp`;
        variants.thumb = `${base}-thumb.webp`;
      }
    }
    if (Object.keys(variants).length > 0) {
      await deps.db.update(uploads).set({ variants }).where(eq(uploads.id, uploadId));
    }
  };
}
