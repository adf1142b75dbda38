/**
 * Renders the installable app's PNG icons from the logo (`web/public/favicon.svg`) into
 * `web/public/icons/`: `npx node server/src/cli/app-icons.ts`. The PNGs are committed; run this again
 * only when the logo changes.
 *
 * - `icon-192.png`, `icon-512.png`: the logo as it is (rounded corners, transparent outside).
 * - `maskable-512.png`: full-bleed background with the letter inside the central safe zone (a
 *   circle of 80% of the width), so a launcher's mask of any shape cuts no part of it.
 * - `apple-touch-icon.png` (180): iOS rounds the corners itself and shows transparency black,
 *   so it is full-bleed too.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.join(import.meta.dirname, '..', '..', '..', 'web', 'public');
const outDir = path.join(publicDir, 'icons');

const GRADIENT = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#7c3aed" /><stop offset="1" stop-color="#d946ef" />
</linearGradient></defs>`;
const LETTER = `<path d="M20 20h24L22 44h22" fill="none" stroke="#fff" stroke-width="6"
  stroke-linecap="round" stroke-linejoin="round" />`;

/** The letter scaled by `scale` about the centre of a full-bleed 64×64 square. */
function fullBleed(scale: number): Buffer {
  const offset = 32 * (1 - scale);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${GRADIENT}
  <rect width="64" height="64" fill="url(#g)" />
  <g transform="translate(${offset} ${offset}) scale(${scale})">${LETTER}</g></svg>`);
}

async function render(svg: Buffer, size: number, name: string) {
  await sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, name));
}

await fs.mkdir(outDir, { recursive: true });
const logo = await fs.readFile(path.join(publicDir, 'favicon.svg'));
await render(logo, 192, 'icon-192.png');
await render(logo, 512, 'icon-512.png');
// The letter spans 30 of 64 units; at 0.8 it fits well inside the 80% safe circle.
await render(fullBleed(0.8), 512, 'maskable-512.png');
await render(fullBleed(1), 180, 'apple-touch-icon.png');
console.log(`icons written to ${path.relative(process.cwd(), outDir)}`);
