import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photo } from '../../test/media.ts';
import { embedMark, hammingDistance, perceptualHash, traceMark } from './index.ts';
import { crc8 } from './pattern.ts';

const key = Buffer.alloc(32, 7);

/** A 512x384 photo-like picture (test/media.ts): a flat colour would hold a mark poorly. */
const picture = (seed: number) => photo(seed, 512, 384);

describe('watermark', () => {
  it('reads back the payload after JPEG 50 and a 10% crop', async () => {
    const original = await picture(1);
    const marked = await embedMark(original, 0xdeadbeef, key);
    const meta = await sharp(marked).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 384]);
    const q50 = await sharp(marked).jpeg({ quality: 50 }).toBuffer();
    expect(await traceMark(q50, original, key)).toMatchObject({ found: true, payload: 0xdeadbeef });
    const crop = await sharp(marked)
      .extract({ left: 51, top: 38, width: 410, height: 308 })
      .toBuffer();
    expect(await traceMark(crop, original, key)).toMatchObject({
      found: true,
      payload: 0xdeadbeef,
    });
  });

  it('finds nothing in the unmarked original, or with another key', async () => {
    const original = await picture(2);
    const copy = await sharp(original).jpeg({ quality: 90 }).toBuffer();
    expect((await traceMark(copy, original, key)).found).toBe(false);
    const marked = await embedMark(original, 42, key);
    expect((await traceMark(marked, original, Buffer.alloc(32, 8))).found).toBe(false);
  });

  it('hashes a recompressed copy close and another picture far', async () => {
    const a = await picture(3);
    const b = await picture(9);
    const copy = await sharp(a).resize(256).jpeg({ quality: 60 }).toBuffer();
    expect(hammingDistance(await perceptualHash(a), await perceptualHash(copy))).toBeLessThan(8);
    expect(hammingDistance(await perceptualHash(a), await perceptualHash(b))).toBeGreaterThan(12);
  });

  it('checks the payload with CRC-8', () => {
    expect(crc8(0)).toBe(0);
    expect(crc8(1)).not.toBe(crc8(2));
  });
});
