import sharp from 'sharp';

/**
 * The visible deterrent mark (issue 35): the viewer's handle and the instance's address drawn on
 * their copy of a gated image, when its author chose it. It discourages sharing; it can be cropped
 * or blurred out, which is why the invisible mark is embedded on top of it in every paid copy.
 */

/** What a visible mark says: `@fan123 · zura.example`. Shown on images and over videos alike. */
export function visibleMarkText(username: string, host: string): string {
  return `@${username} · ${host}`;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

/** About how wide a character of the bold sans is, in ems: enough to keep the text inside. */
const CHARACTER_WIDTH_EM = 0.62;

/**
 * The overlay as SVG, the size of the image: the text large and slanted across the centre, and
 * smaller in the top-left and bottom-right corners, so a crop that removes one keeps another.
 * Semi-transparent white with a dark outline (drawn under the fill), legible on light and dark
 * photos alike; sizes follow the image's, so a thumbnail carries it as a full size does.
 */
export function visibleMarkSvg(width: number, height: number, text: string): string {
  const shorter = Math.min(width, height);
  const fits = (share: number) => (share * width) / (CHARACTER_WIDTH_EM * Math.max(text.length, 1));
  const big = Math.max(8, Math.min(shorter / 11, fits(0.8)));
  const small = Math.max(7, Math.min(shorter / 24, fits(0.45)));
  const margin = Math.max(4, small * 0.8);
  const label = (size: number, attributes: string) =>
    `<text font-size="${size.toFixed(1)}" stroke-width="${(size / 9).toFixed(2)}" ${attributes}>${xml(text)}</text>`;
  const cx = (width / 2).toFixed(1);
  const cy = (height / 2).toFixed(1);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`,
    `<g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" fill="#ffffff" fill-opacity="0.55" stroke="#000000" stroke-opacity="0.5" stroke-linejoin="round" paint-order="stroke">`,
    label(
      big,
      `x="${cx}" y="${cy}" text-anchor="middle" dominant-baseline="middle" transform="rotate(-20 ${cx} ${cy})"`,
    ),
    label(small, `x="${margin.toFixed(1)}" y="${(margin + small).toFixed(1)}" text-anchor="start"`),
    label(
      small,
      `x="${(width - margin).toFixed(1)}" y="${(height - margin).toFixed(1)}" text-anchor="end"`,
    ),
    '</g></svg>',
  ].join('');
}

/**
 * The image with its visible mark drawn on, upright (as the marking engine decodes it) and
 * lossless (PNG), so the invisible mark embedded next works on exactly these pixels and the copy
 * is compressed once, as a JPEG, by the engine.
 */
export async function drawVisibleMark(image: Buffer, text: string): Promise<Buffer> {
  const { data, info } = await sharp(image)
    .rotate()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  return sharp(data, { raw: { width, height, channels } })
    .composite([{ input: Buffer.from(visibleMarkSvg(width, height, text)), top: 0, left: 0 }])
    .png({ compressionLevel: 1 })
    .toBuffer();
}
