import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { embedMark, hammingDistance, perceptualHash, traceMark } from './index.ts';
import { crc8 } from './pattern.ts';

const key = Buffer.alloc(32, 7);

/** A 512x384 natural-ish picture: gradient sky, a few blurred shapes, sensor noise. */
async function picture(seed: number): Promise<Buffer> {
  const width = 512,
    height = 384;
  const shapes = [0, 1, 2, 3, 4]
    .map((i) => {
      const v = (seed * 37 + i * 101) % 360;
      return `<circle cx="${(v * 7) % width}" cy="${(v * 3) % height}" r="${30 + (v % 80)}" fill="hsl(${v},60%,${30 + (v % 40)}%)"/>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="hsl(${seed * 50},50%,70%)"/><stop offset="1" stop-color="hsl(${seed * 50 + 90},40%,25%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
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
    .jpeg({ quality: 95 })
    .toBuffer();
}

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
