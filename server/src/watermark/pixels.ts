import sharp from 'sharp';

/** Decoded sRGB pixels, 3 channels, row-major. */
export type Rgb = { data: Uint8Array; width: number; height: number };

/**
 * The most pixels decoded from one image: a suspected leak is anybody's file, and a
 * decompression bomb must fail here, not in memory (36 MP is a 6000x6000 photo).
 */
export const MAX_DECODED_PIXELS = 36_000_000;

export async function decodeRgb(image: Buffer): Promise<Rgb> {
  const { data, info } = await sharp(image, { limitInputPixels: MAX_DECODED_PIXELS })
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

/** Rec. 601 luma, the plane JPEG keeps best, so the mark lives there. */
export function lumaOf(rgb: Rgb): Float32Array {
  const { data, width, height } = rgb;
  const luma = new Float32Array(width * height);
  for (let i = 0, p = 0; i < luma.length; i++, p += 3)
    luma[i] = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
  return luma;
}

export async function encodeJpeg(rgb: Rgb, quality = 90): Promise<Buffer> {
  return sharp(Buffer.from(rgb.data.buffer, rgb.data.byteOffset, rgb.data.length), {
    raw: { width: rgb.width, height: rgb.height, channels: 3 },
  })
    .jpeg({ quality, chromaSubsampling: '4:2:0' })
    .toBuffer();
}
