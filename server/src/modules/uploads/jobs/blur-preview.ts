import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../service.ts';

/** Wide enough to hint at colours and shapes, far too small to show anything sold. */
const BLUR_WIDTH = 32;
/** Gaussian sigma in pixels of the 32-pixel image: a few pixels wipes every detail out. */
const BLUR_SIGMA = 3;

/**
 * The `blur` variant: what a pay-per-view post shows before it is bought. Shrunk first, then
 * blurred, so no detail of the original survives at any size the browser scales it to.
 */
export function blurPreview(input: Buffer | string): Promise<Buffer> {
  return sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width: BLUR_WIDTH })
    .blur(BLUR_SIGMA)
    .webp({ quality: 40 })
    .toBuffer();
}
