/** What a leaked copy goes through before it reaches the tracer, applied to the served copy. */
import sharp from 'sharp';

export type Degradation = {
  key: string;
  label: string;
  apply: (marked: Buffer, width: number, height: number) => Promise<Buffer>;
};

/** A page at a zoom: the picture at 90% then 125% (device scale), on a page, captured as PNG. */
async function screenshot(marked: Buffer, width: number, height: number): Promise<Buffer> {
  const w90 = Math.round(width * 0.9);
  const h90 = Math.round(height * 0.9);
  const w = Math.round(w90 * 1.25);
  const h = Math.round(h90 * 1.25);
  const shown = await sharp(marked)
    .resize(w90, h90, { fit: 'fill', kernel: 'cubic' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const onScreen = await sharp(shown)
    .resize(w, h, { fit: 'fill', kernel: 'linear' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const margin = { left: 37, top: 121 };
  const capture = await sharp({
    create: {
      width: w + 2 * margin.left,
      height: h + margin.top + 60,
      channels: 3,
      background: '#f4f4f5',
    },
  })
    .composite([{ input: onScreen, left: margin.left, top: margin.top }])
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(capture)
    .extract({ left: margin.left, top: margin.top, width: w, height: h })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export const DEGRADATIONS: Degradation[] = [
  {
    key: 'q90',
    label: 'JPEG q90',
    apply: (m) => sharp(m).jpeg({ quality: 90 }).toBuffer(),
  },
  {
    key: 'q70',
    label: 'JPEG q70',
    apply: (m) => sharp(m).jpeg({ quality: 70 }).toBuffer(),
  },
  {
    key: 'q50',
    label: 'JPEG q50',
    apply: (m) => sharp(m).jpeg({ quality: 50 }).toBuffer(),
  },
  {
    key: 'half',
    label: 'resize 50%, q85',
    apply: (m, w, h) =>
      sharp(m)
        .resize(Math.round(w / 2), Math.round(h / 2), { fit: 'fill' })
        .jpeg({ quality: 85 })
        .toBuffer(),
  },
  {
    key: 'crop',
    label: 'crop 10% per edge, q85',
    apply: (m, w, h) => {
      const left = Math.round(w * 0.1);
      const top = Math.round(h * 0.1);
      return sharp(m)
        .extract({ left, top, width: w - 2 * left, height: h - 2 * top })
        .jpeg({ quality: 85 })
        .toBuffer();
    },
  },
  {
    key: 'screenshot',
    label: 'screenshot 90%x125%, PNG, q85',
    apply: screenshot,
  },
  {
    key: 'colour',
    label: 'saturation 1.15, brightness 1.05, contrast 1.1, q85',
    apply: (m) =>
      sharp(m)
        .modulate({ saturation: 1.15, brightness: 1.05 })
        .linear(1.1, 128 - 128 * 1.1)
        .jpeg({ quality: 85 })
        .toBuffer(),
  },
];
