import sharp from 'sharp';
import { lumaOf, type Rgb } from './pixels.ts';

/** The suspect's luma resampled onto the original's grid, where it covers it. */
export type Aligned = {
  luma: Float32Array;
  x0: number;
  y0: number;
  width: number;
  height: number;
  candidates: number;
};

async function resizeLuma(rgb: Rgb, width: number, height: number): Promise<Float32Array> {
  if (width === rgb.width && height === rgb.height) return lumaOf(rgb);
  const { data } = await sharp(Buffer.from(rgb.data.buffer, rgb.data.byteOffset, rgb.data.length), {
    raw: { width: rgb.width, height: rgb.height, channels: 3 },
  })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return lumaOf({ data, width, height });
}

/** Box-downscales a plane by `f` (the coarse level of the offset search). */
function shrink(plane: Float32Array, width: number, height: number, f: number) {
  const w = Math.floor(width / f);
  const h = Math.floor(height / f);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h * f; y++)
    for (let x = 0; x < w * f; x++)
      out[Math.floor(y / f) * w + Math.floor(x / f)]! += plane[y * width + x]! / (f * f);
  return { plane: out, w, h };
}

/** Normalised cross-correlation of the patch (pw x ph at px, py of `a`) against `b` at offset (dx, dy). */
function ncc(
  a: Float32Array,
  aw: number,
  b: Float32Array,
  bw: number,
  patch: number[],
  dx: number,
  dy: number,
) {
  const [px, py, pw, ph] = patch as [number, number, number, number];
  let sa = 0,
    sb = 0,
    saa = 0,
    sbb = 0,
    sab = 0;
  for (let y = 0; y < ph; y++)
    for (let x = 0; x < pw; x++) {
      const va = a[(py + y) * aw + px + x]!;
      const vb = b[(py + y + dy) * bw + px + x + dx]!;
      sa += va;
      sb += vb;
      saa += va * va;
      sbb += vb * vb;
      sab += va * vb;
    }
  const n = pw * ph;
  const cov = sab - (sa * sb) / n;
  return cov / Math.sqrt(Math.max(1e-9, (saa - (sa * sa) / n) * (sbb - (sb * sb) / n)));
}

/**
 * The offset of a region (rw x rh) in the original maximising NCC: coarse (1/8) search over the
 * whole region, then a fine one of a central patch; scored by the coarse match.
 */
function findOffset(
  region: Float32Array,
  rw: number,
  rh: number,
  orig: Float32Array,
  ow: number,
  oh: number,
) {
  const f = 8;
  const r8 = shrink(region, rw, rh, f);
  const o8 = shrink(orig, ow, oh, f);
  let best = { dx: 0, dy: 0, score: -2 };
  for (let dy = 0; dy <= o8.h - r8.h; dy++)
    for (let dx = 0; dx <= o8.w - r8.w; dx++) {
      const score = ncc(r8.plane, r8.w, o8.plane, o8.w, [0, 0, r8.w, r8.h], dx, dy);
      if (score > best.score) best = { dx, dy, score };
    }
  // Fine search on a central patch at full resolution, within one coarse cell of the coarse answer.
  const pw = Math.min(rw, 192);
  const ph = Math.min(rh, 192);
  const patch = [Math.floor((rw - pw) / 2), Math.floor((rh - ph) / 2), pw, ph];
  let fine = { dx: 0, dy: 0, score: -2 };
  for (let dy = best.dy * f - f; dy <= best.dy * f + f; dy++)
    for (let dx = best.dx * f - f; dx <= best.dx * f + f; dx++) {
      if (dx < 0 || dy < 0 || dx + rw > ow || dy + rh > oh) continue;
      const score = ncc(region, rw, orig, ow, patch, dx, dy);
      if (score > fine.score) fine = { dx, dy, score };
    }
  // The whole region's coarse match ranks the scales: a wrong scale's central patch can match
  // better at full resolution than the right one's, enlarged and so blurred.
  return { dx: fine.dx, dy: fine.dy, score: best.score };
}

/**
 * Registers the suspect to the original: the scale from its width, its height or none (a crop
 * keeps the scale, a resize keeps the aspect), each region placed by correlation; the best wins.
 */
export async function register(suspect: Rgb, original: Rgb): Promise<Aligned> {
  const orig = lumaOf(original);
  const scales = [
    ...new Set([suspect.width / original.width, suspect.height / original.height, 1]),
  ];
  let best: (Aligned & { score: number }) | undefined;
  for (const scale of scales) {
    const rw = Math.min(original.width, Math.round(suspect.width / scale));
    const rh = Math.min(original.height, Math.round(suspect.height / scale));
    if (rw < 64 || rh < 64) continue;
    const region = await resizeLuma(
      suspect,
      Math.round(suspect.width / scale),
      Math.round(suspect.height / scale),
    );
    const cropped = cropPlane(region, Math.round(suspect.width / scale), rw, rh);
    const { dx, dy, score } = findOffset(cropped, rw, rh, orig, original.width, original.height);
    if (!best || score > best.score)
      best = {
        luma: cropped,
        x0: dx,
        y0: dy,
        width: rw,
        height: rh,
        candidates: scales.length,
        score,
      };
  }
  if (!best)
    return {
      luma: new Float32Array(0),
      x0: 0,
      y0: 0,
      width: 0,
      height: 0,
      candidates: scales.length,
    };
  return best;
}

function cropPlane(plane: Float32Array, width: number, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) out.set(plane.subarray(y * width, y * width + w), y * w);
  return out;
}
