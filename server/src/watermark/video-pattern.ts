import { createHmac } from 'node:crypto';
import { addInverseBlock } from './dct.ts';
import { blockSigns, COEFFS } from './pattern.ts';

/**
 * Amplitude of the video mark per chosen DCT coefficient: higher than the images' (4), since
 * x264 at CRF 23 quantizes harder than a JPEG at 90, and a segment's hundred frames average the
 * noise back out when it is read.
 */
const VIDEO_STRENGTH = 6;

/**
 * The luma change of a video's "B" variant (issue 35): the images' keyed DCT pattern, every
 * block carrying its keyed signs (no payload: a segment's variant is its one bit). As a raw
 * yuv420p frame, Y = 128 + change, U = V = 128, for ffmpeg's `blend` in grain-merge mode (A + B
 * - 128), which adds it to every frame of the segment's luma and leaves the colour alone.
 */
export function videoMarkFrame(
  width: number,
  height: number,
  key: Buffer,
  strength = VIDEO_STRENGTH,
): Buffer {
  const blocksX = Math.floor(width / 8);
  const signs = blockSigns(key, blocksX, Math.floor(height / 8));
  const delta = new Float32Array(width * height);
  const coef = new Float64Array(64);
  for (let by = 0; by + 8 <= height; by += 8)
    for (let bx = 0; bx + 8 <= width; bx += 8) {
      const block = (by / 8) * blocksX + bx / 8;
      coef.fill(0);
      COEFFS.forEach((c, k) => (coef[c] = strength * signs[block * COEFFS.length + k]!));
      addInverseBlock(coef, delta, width, bx, by);
    }
  const chroma = Math.ceil(width / 2) * Math.ceil(height / 2);
  const frame = Buffer.alloc(width * height + 2 * chroma, 128);
  for (let i = 0; i < delta.length; i++)
    frame[i] = Math.max(0, Math.min(255, 128 + Math.round(delta[i]!)));
  return frame;
}

/**
 * Which variant each segment of a recipient's stream is: bit `index` of a keyed stream of the
 * upload and the recipient's serial (HMAC-SHA256, 256 bits a block). A keyed code, not the
 * images' 40 bits, because a video has as many bits as segments: the tracer, knowing the
 * upload, compares a leak's bits with each recipient's sequence.
 */
export function segmentVariantBit(key: Buffer, uploadId: string, serial: number, index: number) {
  const block = createHmac('sha256', key)
    .update(`video:${uploadId}:${serial}:${Math.floor(index / 256)}`)
    .digest();
  const bit = index % 256;
  return ((block[bit >> 3]! >> (7 - (bit & 7))) & 1) as 0 | 1;
}
