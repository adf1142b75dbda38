import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';

/**
 * The pictures behind `og:image`: JPEGs at stable addresses (`/og/posts/:id.jpg`,
 * `/og/profiles/:id.jpg`), since the big unfurlers refuse SVG and a signed media URL expires
 * within the hour. Made with sharp (already a dependency; its text comes from the system's
 * fonts through pango) and kept on disk under a name that hashes everything drawn, so a card
 * is made once however many unfurlers ask, and a changed post or avatar makes a new one.
 * Whether a card may be shown at all is the caller's question, asked on every request.
 */

/** The size every large-card unfurler shows (1.91:1). */
const WIDTH = 1200;
const HEIGHT = 630;
const PADDING = 72;
/** Raised when what a card looks like changes, so cards kept on disk are made again. */
const VERSION = 'v1';

export type ShareCard =
  /** A fully public post's own picture, scaled for the card. */
  | { kind: 'picture'; picture: () => Promise<Buffer>; pictureKey: string }
  /** A text: a public text post, or a profile's invitation; with the author's avatar. */
  | {
      kind: 'text';
      handle: string;
      text: string;
      avatar?: { bytes: () => Promise<Buffer>; key: string } | undefined;
    }
  /** A post that must not show itself: whose it is, nothing of it. */
  | { kind: 'neutral'; handle: string };

const PANGO_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const pango = (text: string) => text.replace(/[&<>"']/g, (char) => PANGO_ESCAPES[char] ?? char);

/**
 * Text as a transparent PNG at `size` px, wrapped at words within `width`, and cut at
 * `maxHeight` so a long post never runs off the card.
 */
async function textImage(markup: string, width: number, maxHeight: number, size: number) {
  const image = sharp({
    text: { text: markup, font: `sans ${size}px`, width, rgba: true, wrap: 'word' },
  });
  const { height = 0, width: drawn = width } = await image.metadata();
  const cut =
    height > maxHeight
      ? image.extract({ left: 0, top: 0, width: drawn, height: maxHeight })
      : image;
  return cut.png().toBuffer();
}

const BACKGROUND = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#4c1d95"/><stop offset="1" stop-color="#7c3aed"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
</svg>`;

const AVATAR = 140;
const CIRCLE = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR}" height="${AVATAR}"><circle cx="${AVATAR / 2}" cy="${AVATAR / 2}" r="${AVATAR / 2}"/></svg>`,
);

async function drawCard(handle: string, text: string, avatar: Buffer | undefined): Promise<Buffer> {
  const layers: OverlayOptions[] = [];
  let textTop = PADDING;
  if (avatar) {
    const round = await sharp(avatar)
      .resize(AVATAR, AVATAR, { fit: 'cover' })
      .composite([{ input: CIRCLE, blend: 'dest-in' }])
      .png()
      .toBuffer();
    layers.push({ input: round, left: PADDING, top: PADDING });
    textTop = PADDING + AVATAR + 32;
  }
  const name = await textImage(
    `<span foreground="white" weight="bold">${pango(handle)}</span>`,
    WIDTH - 2 * PADDING,
    80,
    56,
  );
  layers.push({ input: name, left: PADDING, top: textTop });
  if (text) {
    const body = await textImage(
      `<span foreground="#ede9fe">${pango(text)}</span>`,
      WIDTH - 2 * PADDING,
      HEIGHT - textTop - 100 - PADDING - 40,
      36,
    );
    layers.push({ input: body, left: PADDING, top: textTop + 100 });
  }
  const site = await textImage('<span foreground="#ddd6fe">Zura</span>', 120, 48, 30);
  layers.push({ input: site, left: WIDTH - PADDING - 120, top: HEIGHT - PADDING - 40 });
  return sharp(Buffer.from(BACKGROUND))
    .composite(layers)
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

function scaledPicture(picture: Buffer): Promise<Buffer> {
  return sharp(picture)
    .rotate()
    .resize({ width: WIDTH, withoutEnlargement: true })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/** What a card's file is named after: everything that shows on it, and the look's version. */
function cardName(card: ShareCard): string {
  const facts =
    card.kind === 'picture'
      ? [card.kind, card.pictureKey]
      : card.kind === 'text'
        ? [card.kind, card.handle, card.text, card.avatar?.key ?? '']
        : [card.kind, card.handle];
  const hash = createHash('sha256').update(JSON.stringify([VERSION, ...facts]));
  return `${hash.digest('hex')}.jpg`;
}

/**
 * The cards of one server, kept in `dir`. `beforeMaking` runs only when a card is not kept yet
 * (a rate limit: making one costs CPU, sending a kept one does not).
 */
export function createShareCards(dir: string) {
  return async (
    describe: () => Promise<ShareCard>,
    beforeMaking: () => Promise<void>,
  ): Promise<Buffer> => {
    const card = await describe();
    const file = path.join(dir, cardName(card));
    const kept = await fs.readFile(file).catch(() => undefined);
    if (kept) return kept;
    await beforeMaking();
    const made =
      card.kind === 'picture'
        ? await scaledPicture(await card.picture())
        : card.kind === 'text'
          ? await drawCard(card.handle, card.text, await card.avatar?.bytes())
          : await drawCard(card.handle, 'on Zura', undefined);
    await fs.mkdir(dir, { recursive: true });
    // Written aside and renamed, so a reader never finds half a file.
    const partial = `${file}.${process.pid}.${Date.now()}.part`;
    await fs.writeFile(partial, made);
    await fs.rename(partial, file);
    return made;
  };
}

export type ShareCards = ReturnType<typeof createShareCards>;

/**
 * A card as the link-preview routes answer it: JPEG, revalidated on each fetch (its post or
 * profile can change or close), never sniffed as anything else.
 */
export function sendShareCard(
  reply: {
    header(name: string, value: string): unknown;
    type(type: string): unknown;
    send(body: Buffer): unknown;
  },
  jpeg: Buffer,
) {
  reply.header('cache-control', 'no-cache');
  reply.header('x-content-type-options', 'nosniff');
  reply.type('image/jpeg');
  return reply.send(jpeg);
}
