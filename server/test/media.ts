import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { uploads, type UploadRow, type UploadVariants } from '../src/db/schema/index.ts';
import { hasFfmpeg } from '../src/modules/uploads/jobs/media-variants.ts';
import { createMediaSigner, type MediaSigner } from '../src/modules/media/signing.ts';
import { LOCAL_TEMP_PREFIX } from '../src/storage/local.ts';
import { TEMP_PREFIX as S3_TEMP_PREFIX } from '../src/storage/s3.ts';
import type { MediaStorage } from '../src/storage/storage.ts';
import type { TestApp } from './app.ts';
import { multipart, type MultipartFile } from './multipart.ts';
import type { TestUser } from './factories.ts';

export { hasFfmpeg };

/** A real PNG; a random colour unless given, so two calls rarely share bytes. */
export function png(
  width = 40,
  height = 30,
  background: { r: number; g: number; b: number } = {
    r: randomInt(256),
    g: randomInt(256),
    b: randomInt(256),
  },
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/**
 * A photo-like PNG (a gradient sky, blurred shapes, sensor noise), different for each seed:
 * what the watermark tests mark and trace, since a flat colour has no texture to hide a mark in.
 */
export async function photo(seed: number, width = 800, height = 600): Promise<Buffer> {
  const shapes = [0, 1, 2, 3, 4]
    .map((i) => {
      const v = (seed * 37 + i * 101) % 360;
      const r = 30 + (v % 80);
      return `<circle cx="${(v * 7) % width}" cy="${(v * 3) % height}" r="${r}" fill="hsl(${v},60%,${30 + (v % 40)}%)"/>`;
    })
    .join('');
  const sky = `<linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="hsl(${seed * 50},50%,70%)"/><stop offset="1" stop-color="hsl(${seed * 50 + 90},40%,25%)"/></linearGradient>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>${sky}</defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .blur(1.5)
    .composite([{ input: noise, blend: 'overlay' }])
    .png()
    .toBuffer();
}

/** Bytes that are plainly not an image, whatever the file is called. */
export const TEXT_BYTES = Buffer.from('just some text, not an image at all\n'.repeat(4));

/**
 * A minimal ISO-BMFF header (an `ftyp` box of `brand`) that type sniffing reads as the brand's
 * type: video/mp4 for 'isom', audio/x-m4a for 'M4A '. Enough for the upload checks, not
 * playable.
 */
export function isoMediaHeader(brand = 'isom'): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write(`ftyp${brand}`, 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write(`${brand}iso2`, 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.alloc(64)]);
}

/** An EBML header whose DocType is 'matroska': what type sniffing reads as an MKV video. */
export function matroskaHeader(): Buffer {
  const docType = Buffer.concat([Buffer.from([0x42, 0x82, 0x88]), Buffer.from('matroska')]);
  const header = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | docType.length]);
  return Buffer.concat([header, docType, Buffer.alloc(64)]);
}

const videoCache = new Map<number, Promise<Buffer>>();

/**
 * A real one-second 64×64 MP4 made by ffmpeg from its test pattern (`seed` goes into the
 * metadata, so different seeds give different bytes); without ffmpeg, a header-only stand-in.
 */
export function mp4(seed = 0): Promise<Buffer> {
  let video = videoCache.get(seed);
  if (!video) {
    video = (async () => {
      if (!(await hasFfmpeg())) return Buffer.concat([isoMediaHeader(), Buffer.from([seed & 255])]);
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-test-video-'));
      const out = path.join(dir, 'out.mp4');
      try {
        await promisify(execFile)('ffmpeg', [
          '-hide_banner',
          '-loglevel',
          'error',
          '-f',
          'lavfi',
          '-i',
          'testsrc=duration=1:size=64x64:rate=10',
          '-pix_fmt',
          'yuv420p',
          '-metadata',
          `comment=seed-${seed}`,
          out,
        ]);
        return await fs.readFile(out);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    })();
    videoCache.set(seed, video);
  }
  return video;
}

/** The app's own media URL signer, to make expired or otherwise crafted URLs. */
export function signerOf(t: TestApp): MediaSigner {
  return createMediaSigner(t.secrets.urlSigningKey);
}

/** POSTs one file to /api/uploads/ as `user`. */
export function uploadFile(
  t: Pick<TestApp, 'request'>,
  user: Pick<TestUser, 'access'>,
  options: {
    content: Buffer;
    context?: string;
    filename?: string;
    type?: string;
  },
): Promise<LightMyRequestResponse> {
  const file: MultipartFile = {
    name: 'file',
    filename: options.filename ?? 'picture.png',
    content: options.content,
    type: options.type ?? 'image/png',
  };
  const body = multipart({
    fields: options.context === undefined ? {} : { context: options.context },
    files: [file],
  });
  return t.request({ method: 'POST', url: '/api/uploads/', ...body, token: user.access });
}

/** The stored row of an upload, or undefined once it is deleted. */
export function uploadRow(t: TestApp, id: string): Promise<UploadRow | undefined> {
  return t.db.query.uploads.findFirst({ where: eq(uploads.id, id) });
}

/** Polls until the media job has recorded every variant in `names` (up to 10 s). */
export async function waitForVariants(
  t: TestApp,
  id: string,
  names: (keyof UploadVariants)[],
): Promise<UploadVariants> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const row = await uploadRow(t, id);
    if (row && names.every((name) => row.variants[name])) return row.variants;
    if (Date.now() > deadline) {
      throw new Error(`variants ${names.join(', ')} of ${id} not made: ${JSON.stringify(row)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Anything that holds a media store: a test app, a second instance. */
type WithStorage = { storage: MediaStorage };

/** Whether the storage holds an object under `key`. */
export async function storedFileExists(t: WithStorage, key: string): Promise<boolean> {
  return (await t.storage.stat(key)) !== undefined;
}

/** Every key the storage holds under `prefix`, sorted. */
export async function storedKeys(t: WithStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.storage.list(prefix)) keys.push(object.key);
  return keys.sort();
}

/** Where the store keeps temporary objects: each backend has its own prefix. */
export function tempPrefixOf(storage: MediaStorage): string {
  return storage.kind === 's3' ? S3_TEMP_PREFIX : LOCAL_TEMP_PREFIX;
}

/** Every temporary object of the storage (received parts not yet committed), on either store. */
export function tempFiles(t: WithStorage): Promise<string[]> {
  return storedKeys(t, tempPrefixOf(t.storage));
}

/**
 * The temporary objects left once clean-ups in flight have run: an earlier request whose client
 * went away may still be removing its part, and s3rver lists a deleted object for a moment on
 * a busy machine. A leak is still there after the wait.
 */
export async function tempFilesLeft(t: WithStorage, waitMs = 5_000): Promise<string[]> {
  const deadline = Date.now() + waitMs;
  let left = await tempFiles(t);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = await tempFiles(t);
  }
  return left;
}

/** A media answer as the browser finally sees it, after any redirect to the bucket. */
export type FetchedMedia = {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
  /** Where our route sent the browser, when it answered with a redirect. */
  redirectedTo?: string;
};

/**
 * GETs a media URL of ours as a browser would: a 302 to a presigned bucket URL is followed over
 * real HTTP (the bucket sees the Range header too), so a test reads the same bytes on any store.
 */
export async function getMedia(
  t: Pick<TestApp, 'request'>,
  url: string,
  headers: Record<string, string> = {},
): Promise<FetchedMedia> {
  const res = await t.request({ method: 'GET', url, headers });
  if (res.statusCode !== 302) {
    return { statusCode: res.statusCode, headers: res.headers, rawPayload: res.rawPayload };
  }
  const location = String(res.headers.location);
  const direct = await fetch(location, { headers, redirect: 'manual' });
  return {
    statusCode: direct.status,
    headers: Object.fromEntries(direct.headers),
    rawPayload: Buffer.from(await direct.arrayBuffer()),
    redirectedTo: location,
  };
}
