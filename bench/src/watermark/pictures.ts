/**
 * Synthetic photo-like pictures for the watermark benchmark (there is no network here and no
 * photo set in the repository), from a seeded generator so that a run is repeatable: a graded
 * sky and ground, shapes out of focus and in focus, thin strokes, a coarse texture and Gaussian
 * sensor noise, saved as a JPEG at quality 92 as a phone would. Mostly 1080 wide, a tenth each
 * 640 and 2048 wide; 4:5, 1:1 or 16:9.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** mulberry32: a small seeded generator, enough for pictures. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator per (seed, kind, index), so picture i is the same whatever the run's sizes. */
export function streamOf(seed: number, kind: string, index: number): () => number {
  const digest = createHash('sha256').update(`${seed}:${kind}:${index}`).digest();
  return generator(digest.readUInt32LE(0));
}

export type Picture = { bytes: Buffer; width: number; height: number };

const ASPECTS = [
  { name: '4:5', ratio: 5 / 4 },
  { name: '1:1', ratio: 1 },
  { name: '16:9', ratio: 9 / 16 },
];

function sizeOf(random: () => number): { width: number; height: number } {
  const r = random();
  const width = r < 0.1 ? 640 : r < 0.2 ? 2048 : 1080;
  const aspect = ASPECTS[Math.floor(random() * ASPECTS.length)]!;
  return { width, height: Math.round(width * aspect.ratio) };
}

const hsl = (h: number, s: number, l: number) =>
  `hsl(${h.toFixed(0)},${s.toFixed(0)}%,${l.toFixed(0)}%)`;

/**
 * The scene as two SVG layers at half size (viewBox at full size): the far one (sky and ground
 * gradients, a sun or lamp glow, shapes out of focus, blurred by sharp: librsvg's own blur
 * filter takes seconds) and the near one over it (shapes in focus, thin strokes).
 */
function sceneSvg(random: () => number, width: number, height: number) {
  const pick = (min: number, max: number) => min + random() * (max - min);
  const hue = pick(0, 360);
  const horizon = pick(0.3, 0.75);
  const far: string[] = [];
  const near: string[] = [];
  const defs =
    `<linearGradient id="sky" x1="0" y1="0" x2="${pick(-0.3, 0.3).toFixed(2)}" y2="1">` +
    `<stop offset="0" stop-color="${hsl(hue, pick(20, 70), pick(55, 90))}"/>` +
    `<stop offset="${horizon.toFixed(2)}" stop-color="${hsl(hue + pick(-40, 40), pick(10, 60), pick(35, 80))}"/>` +
    `<stop offset="${Math.min(1, horizon + 0.02).toFixed(2)}" stop-color="${hsl(hue + pick(60, 200), pick(15, 60), pick(15, 55))}"/>` +
    `<stop offset="1" stop-color="${hsl(hue + pick(60, 200), pick(10, 50), pick(5, 35))}"/>` +
    `</linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="${hsl(pick(20, 60), 90, 95)}" stop-opacity="${pick(0.4, 1).toFixed(2)}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;
  far.push(`<rect width="100%" height="100%" fill="url(#sky)"/>`);
  far.push(
    `<circle cx="${pick(0, width).toFixed(0)}" cy="${pick(0, height * horizon).toFixed(0)}" r="${(pick(0.1, 0.4) * width).toFixed(0)}" fill="url(#glow)"/>`,
  );
  const shapes = 6 + Math.floor(random() * 18);
  for (let i = 0; i < shapes; i++) {
    const colour = hsl(hue + pick(-120, 120), pick(5, 80), pick(8, 85));
    const opacity = pick(0.5, 1).toFixed(2);
    const layer = random() < 0.4 ? far : near;
    const cx = pick(0, width);
    const cy = pick(0, height);
    const size = pick(0.03, 0.35) * width;
    const kind = random();
    if (kind < 0.35) {
      layer.push(
        `<ellipse cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" rx="${size.toFixed(0)}" ry="${(size * pick(0.3, 1.5)).toFixed(0)}" fill="${colour}" opacity="${opacity}"/>`,
      );
    } else if (kind < 0.65) {
      // A building or a piece of furniture: upright, standing on the horizon or below it.
      const w = size * pick(0.3, 1.2);
      const h = size * pick(0.5, 2.5);
      const base = height * pick(horizon, 1.05);
      layer.push(
        `<rect x="${(cx - w / 2).toFixed(0)}" y="${(base - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" rx="${pick(0, 12).toFixed(0)}" fill="${colour}" opacity="${opacity}"/>`,
      );
    } else {
      const corners = 3 + Math.floor(random() * 5);
      const points = Array.from({ length: corners }, (_, k) => {
        const angle = (k / corners) * Math.PI * 2 + pick(-0.3, 0.3);
        const radius = size * pick(0.5, 1.2);
        return `${(cx + Math.cos(angle) * radius).toFixed(0)},${(cy + Math.sin(angle) * radius).toFixed(0)}`;
      });
      layer.push(`<polygon points="${points.join(' ')}" fill="${colour}" opacity="${opacity}"/>`);
    }
  }
  // Branches, cables, railings: thin strokes with hard edges.
  const strokes = Math.floor(random() * 10);
  for (let i = 0; i < strokes; i++) {
    const path = `M${pick(0, width).toFixed(0)},${pick(0, height).toFixed(0)} Q${pick(0, width).toFixed(0)},${pick(0, height).toFixed(0)} ${pick(0, width).toFixed(0)},${pick(0, height).toFixed(0)}`;
    near.push(
      `<path d="${path}" stroke="${hsl(hue + pick(-90, 90), pick(0, 50), pick(5, 90))}" stroke-width="${pick(1, 8).toFixed(1)}" fill="none" opacity="${pick(0.5, 1).toFixed(2)}"/>`,
    );
  }
  const svg = (body: string[]) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width / 2}" height="${height / 2}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body.join('')}</svg>`,
    );
  return { far: svg(far), near: svg(near), farBlur: pick(2, 12) };
}

/** 64 Ki standard normal samples (Box-Muller, seeded once): sensor noise is read from here. */
const NORMALS = (() => {
  const random = generator(0x5eed);
  const table = new Float32Array(1 << 16);
  for (let i = 0; i < table.length; i += 2) {
    const radius = Math.sqrt(-2 * Math.log(Math.max(1e-12, random())));
    const angle = 2 * Math.PI * random();
    table[i] = radius * Math.cos(angle);
    table[i + 1] = radius * Math.sin(angle);
  }
  return table;
})();

/**
 * A photo-like picture: the scene (rendered at half size, then enlarged: a lens's softness, and
 * a quarter of librsvg's time), a coarse texture (foliage, fabric, asphalt: seeded value noise
 * enlarged), then per-pixel sensor noise, saved as JPEG q92.
 */
export async function makePicture(seed: number, kind: string, index: number): Promise<Picture> {
  const random = streamOf(seed, kind, index);
  const { width, height } = sizeOf(random);
  const layers = sceneSvg(random, width, height);
  const half = await sharp(layers.far)
    .blur(layers.farBlur)
    .composite([{ input: layers.near }])
    .removeAlpha()
    .png({ compressionLevel: 0 })
    .toBuffer();
  const scene = await sharp(half)
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .blur(0.3 + random() * 1.2)
    .removeAlpha()
    .raw()
    .toBuffer();
  const cell = 3 + Math.floor(random() * 24);
  const cw = Math.max(2, Math.ceil(width / cell));
  const ch = Math.max(2, Math.ceil(height / cell));
  const coarse = Buffer.alloc(cw * ch);
  for (let i = 0; i < coarse.length; i++) coarse[i] = Math.floor(random() * 256);
  const texture = await sharp(coarse, { raw: { width: cw, height: ch, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .extractChannel(0) // sharp answers a one-channel raw input as sRGB, three channels
    .raw()
    .toBuffer();
  if (texture.length !== width * height) throw new Error('the texture is not one channel');
  const textureAmplitude = (4 + random() * 22) / 128;
  const sensor = 1 + random() * 6;
  // xorshift32 over the normal table: seeded, and cheap enough for 15 million samples.
  let state = Math.floor(random() * 2 ** 32) | 1;
  const out = Buffer.alloc(width * height * 3);
  for (let i = 0, p = 0; i < width * height; i++, p += 3) {
    const shade = (texture[i]! - 128) * textureAmplitude;
    for (let c = 0; c < 3; c++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const value = scene[p + c]! + shade + NORMALS[state & 0xffff]! * sensor;
      out[p + c] = value < 0 ? 0 : value > 255 ? 255 : value + 0.5;
    }
  }
  const bytes = await sharp(out, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { bytes, width, height };
}
