import { deflateSync, crc32 } from 'node:zlib';
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { expectVisible } from './expect.ts';

/** Real image files for uploads, and checks that an image on the page actually loaded. */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An 8-bit RGB PNG of `rgb` (width x height x 3 bytes, row by row). */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * row] = 0; // filter: none
    raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * row + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  header[10] = 0; // compression
  header[11] = 0; // filter
  header[12] = 0; // no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A valid PNG (8-bit RGB) of the given size: a diagonal gradient tinted by `seed`, so two
 * images of one run never have the same bytes.
 */
export function pngImage(width: number, height: number, seed = Math.floor(Math.random() * 256)) {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      rgb[offset] = (x * 255) / Math.max(1, width - 1);
      rgb[offset + 1] = (y * 255) / Math.max(1, height - 1);
      rgb[offset + 2] = seed;
    }
  }
  return encodePng(width, height, rgb);
}

/** A file for `setInputFiles`. */
export function pngFile(name: string, width: number, height: number) {
  return { name, mimeType: 'image/png', buffer: pngImage(width, height) };
}

/**
 * Signed media URLs of the server: `/media/<upload id>/<variant>?exp=...&sig=...`; a gated
 * image's for one viewer also names them (`&to=<id>`, and `&v=1` when visibly marked).
 */
export const SIGNED_MEDIA_URL =
  /^\/media\/[\w-]+\/(original|feed|thumb|poster)\?exp=\d+(&to=\d+(&v=1)?)?&sig=[\w-]+$/;

/** The URL an <img> really loaded: the size the browser chose from its srcset, else its src. */
export function currentSource(img: Locator): Promise<string> {
  // The e2e project has no DOM typings; an <img> has this property.
  return img.evaluate((element) => (element as unknown as { currentSrc: string }).currentSrc);
}

/** The decoded size of an <img>, once the browser finished loading it (0x0 if it failed). */
export async function naturalSize(img: Locator) {
  return img.evaluate((element) => {
    // The e2e project has no DOM typings; an <img> has these properties.
    const image = element as unknown as {
      complete: boolean;
      naturalWidth: number;
      naturalHeight: number;
    };
    return { complete: image.complete, width: image.naturalWidth, height: image.naturalHeight };
  });
}

/**
 * Waits until the <img> is shown and its bytes loaded and decoded (naturalWidth > 0), i.e. the
 * URL answered with a real image, not an error page or a 403.
 */
export async function expectImageLoaded(img: Locator, timeout = 15_000): Promise<void> {
  await expectVisible(img, timeout);
  const first = img.first();
  await expect
    .poll(
      async () => {
        // Each try finds the element again: one may give way to another of the same name (a
        // profile's small cover to the full one), and scrolling to the one gone would throw.
        await first.scrollIntoViewIfNeeded({ timeout: 2_000 }).catch(() => undefined);
        return (await naturalSize(first)).width;
      },
      { timeout, message: `${String(img)} should load (naturalWidth > 0)` },
    )
    .toBeGreaterThan(0);
}
