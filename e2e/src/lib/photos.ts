import { encodePng } from './images.ts';

/**
 * Photo-like PNGs for the marking journeys (issue 35): a gradient sky, soft shapes, fine texture
 * and sensor noise, different for each seed. A flat colour (pngImage) has no texture to hide a
 * mark in, so a copy of it carries the mark too weakly to read back.
 */

/** mulberry32: a small seeded generator, so a seed always draws the same photo. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** A photo-like RGB PNG of `width` × `height`, the same for the same seed. */
export function photoPng(seed: number, width = 800, height = 600): Buffer {
  const next = random(seed);
  const gaussian = () => Math.sqrt(-2 * Math.log(next() || 1e-12)) * Math.cos(2 * Math.PI * next());
  const shapes = Array.from({ length: 6 }, () => ({
    x: next() * width,
    y: next() * height,
    r: 40 + next() * 140,
    colour: [next() * 255, next() * 255, next() * 255],
  }));
  // A coarse grid of random values, smoothly interpolated: texture at several scales.
  const grid = (cell: number) => {
    const columns = Math.ceil(width / cell) + 2;
    const values = Array.from({ length: columns * (Math.ceil(height / cell) + 2) }, next);
    return (x: number, y: number) => {
      const gx = x / cell;
      const gy = y / cell;
      const x0 = Math.floor(gx);
      const y0 = Math.floor(gy);
      const fx = (gx - x0) * (gx - x0) * (3 - 2 * (gx - x0));
      const fy = (gy - y0) * (gy - y0) * (3 - 2 * (gy - y0));
      const at = (i: number, j: number) => values[j * columns + i] ?? 0;
      const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * fx;
      const bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * fx;
      return top + (bottom - top) * fy;
    };
  };
  const coarse = grid(64);
  const fine = grid(9);
  const sky = [next() * 120 + 100, next() * 120 + 100, next() * 60 + 180];
  const ground = [next() * 80 + 20, next() * 80 + 30, next() * 60 + 10];
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const fall = y / (height - 1);
    for (let x = 0; x < width; x += 1) {
      const texture = (coarse(x, y) - 0.5) * 50 + (fine(x, y) - 0.5) * 30;
      const pixel = [0, 1, 2].map((c) => (sky[c] ?? 0) * (1 - fall) + (ground[c] ?? 0) * fall);
      for (const shape of shapes) {
        const d = Math.hypot(x - shape.x, y - shape.y);
        const cover = Math.min(1, Math.max(0, (shape.r - d) / 12));
        if (cover > 0) {
          for (let c = 0; c < 3; c += 1)
            pixel[c] = (pixel[c] ?? 0) * (1 - cover) + (shape.colour[c] ?? 0) * cover;
        }
      }
      const grain = gaussian() * 10;
      for (let c = 0; c < 3; c += 1) {
        const value = (pixel[c] ?? 0) + texture + grain;
        rgb[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
  return encodePng(width, height, rgb);
}
