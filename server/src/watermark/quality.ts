import type { Rgb } from './pixels.ts';
import { lumaOf } from './pixels.ts';

/** PSNR in dB over R, G and B of two images of one size. */
export function psnr(a: Rgb, b: Rgb): number {
  let squared = 0;
  for (let i = 0; i < a.data.length; i++) squared += (a.data[i]! - b.data[i]!) ** 2;
  const mse = squared / a.data.length;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

/** Mean SSIM of the luma over 8x8 windows (the usual constants for 8-bit images). */
export function ssim(a: Rgb, b: Rgb): number {
  const x = lumaOf(a);
  const y = lumaOf(b);
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let total = 0;
  let windows = 0;
  for (let by = 0; by + 8 <= a.height; by += 8)
    for (let bx = 0; bx + 8 <= a.width; bx += 8) {
      let sx = 0,
        sy = 0,
        sxx = 0,
        syy = 0,
        sxy = 0;
      for (let j = 0; j < 8; j++)
        for (let i = 0; i < 8; i++) {
          const p = (by + j) * a.width + bx + i;
          sx += x[p]!;
          sy += y[p]!;
          sxx += x[p]! ** 2;
          syy += y[p]! ** 2;
          sxy += x[p]! * y[p]!;
        }
      const mx = sx / 64,
        my = sy / 64;
      const vx = sxx / 64 - mx * mx,
        vy = syy / 64 - my * my,
        cov = sxy / 64 - mx * my;
      total += ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2));
      windows++;
    }
  return total / windows;
}
