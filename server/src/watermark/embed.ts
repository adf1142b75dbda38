import { addInverseBlock } from './dct.ts';
import { blockSigns, codeOf, COEFFS, patternOf, TILE } from './pattern.ts';
import { decodeRgb, encodeJpeg, type Rgb } from './pixels.ts';

/**
 * Amplitude added to each chosen DCT coefficient (orthonormal, luma 0..255). 12 coefficients
 * of 4 per 8x8 block is a mean squared change of about 3, PSNR about 43 dB before rounding.
 */
const STRENGTH = 4;

/** Adds the mark to a copy of the pixels: same size, luma changed by an equal shift of R, G and B. */
export function embedRgb(rgb: Rgb, payload: number, key: Buffer, strength = STRENGTH): Rgb {
  const { width, height, data } = rgb;
  const code = codeOf(payload >>> 0);
  const pattern = patternOf(key);
  const blocksX = Math.floor(width / 8);
  const signs = blockSigns(key, blocksX, Math.floor(height / 8));
  const delta = new Float32Array(width * height);
  const coef = new Float64Array(64);
  for (let by = 0; by + 8 <= height; by += 8)
    for (let bx = 0; bx + 8 <= width; bx += 8) {
      const slot = ((by / 8) % TILE) * TILE + ((bx / 8) % TILE);
      const sign = code[pattern.bit[slot]!]! * strength;
      coef.fill(0);
      const block = (by / 8) * blocksX + bx / 8;
      COEFFS.forEach((c, k) => (coef[c] = sign * signs[block * COEFFS.length + k]!));
      addInverseBlock(coef, delta, width, bx, by);
    }
  const out = new Uint8Array(data.length);
  for (let i = 0, p = 0; i < delta.length; i++, p += 3) {
    const d = delta[i]!;
    out[p] = clamp(data[p]! + d);
    out[p + 1] = clamp(data[p + 1]! + d);
    out[p + 2] = clamp(data[p + 2]! + d);
  }
  return { data: out, width, height };
}

const clamp = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : Math.round(value));

/** The served copy: always a JPEG at quality 90 (gated images are photos; PNG would carry the mark too but cost bytes). */
export async function embedMark(image: Buffer, payload: number, key: Buffer): Promise<Buffer> {
  return encodeJpeg(embedRgb(await decodeRgb(image), payload, key), 90);
}
