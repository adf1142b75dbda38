import fs from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildCreator, subscribe, topUp } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { getMedia, photo, uploadRow, waitForVariants } from '../../../test/media.ts';
import { multipart } from '../../../test/multipart.ts';
import { payPerViewKit, type PostJson } from './pay-per-view-test-kit.ts';

/**
 * Issue 35: the visible deterrent mark. A creator may have each viewer's handle and the
 * instance's address drawn on their copies of gated images (and laid over gated videos by the
 * web), by default and per post; the invisible mark stays under it and still names the viewer.
 */
let t: TestApp;
let creator: TestUser;
let fan: TestUser;
let host: string;
beforeAll(async () => {
  t = await buildTestApp();
  host = new URL(t.config.publicUrl).host;
  creator = await buildCreator(t, 499);
  fan = await buildUser(t);
  await topUp(t, fan, '20');
  expect((await subscribe(t, fan, creator)).statusCode).toBeLessThan(300);
});
afterAll(() => t.close());

const { postAs } = payPerViewKit(() => t);
const uploadIdOf = (url: unknown) => /^\/media\/([0-9a-f-]{36})\//.exec(String(url))?.[1];
const query = (url: unknown) => new URL(String(url), 'http://zura.test').searchParams;
const cacheFiles = async () => fs.readdir(t.config.watermark.cacheDir).catch(() => []);

function createPost(author: TestUser, fields: Record<string, string>, image?: Buffer) {
  return t.request({
    method: 'POST',
    url: '/api/posts/',
    token: author.access,
    ...multipart({
      fields: { content: 'A gated photo', ...fields },
      files: image
        ? [{ name: 'media', filename: 'photo.png', content: image, type: 'image/png' }]
        : [],
    }),
  });
}

/** A photo-like post of `author` (a flat colour holds a mark poorly), its feed size made. */
async function photoPost(author: TestUser, seed: number, fields: Record<string, string> = {}) {
  const res = await createPost(author, fields, await photo(seed));
  expect(res.statusCode, res.body).toBe(201);
  const post = res.json<PostJson>();
  const uploadId = uploadIdOf(post.image);
  if (!uploadId) throw new Error('the author sees no image');
  await waitForVariants(t, uploadId, ['feed']);
  return { post, uploadId };
}

async function storedFeed(uploadId: string): Promise<Buffer> {
  const key = (await uploadRow(t, uploadId))?.variants.feed;
  if (!key) throw new Error('no feed variant');
  return t.storage.readBuffer(key);
}

function setDefault(user: TestUser, on: boolean) {
  return t.request({
    method: 'PUT',
    url: '/api/auth/profile/',
    token: user.access,
    payload: { visible_mark_default: on },
  });
}

/**
 * How far a copy's pixels are from the stored image's over the middle of the picture, where the
 * visible mark's large text runs: the mean absolute difference (0..255) and the share of pixels
 * moved by more than 32 levels. An invisible mark (and the JPEG it is sent as) moves them by a
 * few levels, drawn text by far more.
 */
async function centreDifference(copy: Buffer, stored: Buffer) {
  const decode = (bytes: Buffer) =>
    sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [a, b] = await Promise.all([decode(copy), decode(stored)]);
  expect([a.info.width, a.info.height]).toEqual([b.info.width, b.info.height]);
  const { width, height } = a.info;
  let sum = 0;
  let moved = 0;
  let count = 0;
  for (let y = Math.floor(height * 0.42); y < height * 0.58; y++)
    for (let x = Math.floor(width * 0.3); x < width * 0.7; x++) {
      let pixel = 0;
      for (let c = 0; c < 3; c++) {
        const i = (y * width + x) * 3 + c;
        pixel += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)) / 3;
      }
      sum += pixel;
      if (pixel > 32) moved += 1;
      count += 1;
    }
  return { mean: sum / count, moved: moved / count };
}

async function traceAsCreator(copy: Buffer) {
  const res = await t.request({
    method: 'POST',
    url: '/api/creator/leak-trace/',
    token: creator.access,
    ...multipart({ files: [{ name: 'file', filename: 'found.jpg', content: copy }] }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ found: boolean; recipient: { id: number } | null }>();
}

describe("the creator's default", () => {
  it('is off at first, and the own profile says what it is', async () => {
    const own = () =>
      t.request({ method: 'GET', url: '/api/auth/profile/', token: creator.access });
    expect((await own()).json()).toMatchObject({ visible_mark_default: false });
    const saved = await setDefault(creator, true);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ visible_mark_default: true });
    expect((await own()).json()).toMatchObject({ visible_mark_default: true });
    await setDefault(creator, false);
  });

  it('on: a subscriber gets a new, visibly marked copy that still traces to them', async () => {
    const made = await photoPost(creator, 11);
    const stored = await storedFeed(made.uploadId);

    // Off: the invisible mark alone, a copy close to the stored pixels.
    const before = await postAs(fan, creator, made.post.id);
    expect(query(before.image).get('v')).toBeNull();
    expect(before.visible_mark).toBeNull();
    const invisible = await getMedia(t, String(before.image));
    expect(invisible.statusCode).toBe(200);
    const invisibleDifference = await centreDifference(invisible.rawPayload, stored);
    expect(invisibleDifference.mean).toBeLessThan(5);
    expect(invisibleDifference.moved).toBeLessThan(0.01);

    expect((await setDefault(creator, true)).json()).toMatchObject({ visible_mark_default: true });
    const after = await postAs(fan, creator, made.post.id);
    expect(after.visible_mark).toBe(`@${fan.username} · ${host}`);
    expect(query(after.image).get('to')).toBe(String(fan.id));
    expect(query(after.image).get('v')).toBe('1');
    expect(after.image).not.toBe(before.image);
    const media = after.media as { url: string; srcset?: string }[];
    expect(query(media[0]?.url).get('v')).toBe('1');

    const filesBefore = (await cacheFiles()).length;
    const visible = await getMedia(t, String(after.image));
    expect(visible.statusCode).toBe(200);
    expect(visible.headers['cache-control']).toBe('private, no-store');
    expect(visible.rawPayload.equals(invisible.rawPayload)).toBe(false);
    // A copy of its own, kept beside the invisible-only one.
    expect(await cacheFiles()).toContain(`${made.uploadId}.feed.${fan.id}.v`);
    expect((await cacheFiles()).length).toBe(filesBefore + 1);
    const visibleDifference = await centreDifference(visible.rawPayload, stored);
    expect(visibleDifference.mean).toBeGreaterThan(invisibleDifference.mean * 3);
    expect(visibleDifference.moved).toBeGreaterThan(0.1);

    // The invisible mark, embedded after the text was drawn, still names the fan.
    const traced = await traceAsCreator(visible.rawPayload);
    expect(traced).toMatchObject({ found: true, recipient: { id: fan.id } });

    // Turned off again: back to the invisible-only copy, the one already made.
    await setDefault(creator, false);
    const off = await postAs(fan, creator, made.post.id);
    expect(query(off.image).get('v')).toBeNull();
    const again = await getMedia(t, String(off.image));
    expect(again.rawPayload.equals(invisible.rawPayload)).toBe(true);
  });

  it('leaves the author their stored bytes, and tells them the post follows the default', async () => {
    await setDefault(creator, true);
    try {
      const made = await photoPost(creator, 12);
      expect(made.post).toMatchObject({ visible_mark: null, visible_mark_setting: null });
      const own = await postAs(creator, creator, made.post.id);
      expect(query(own.image).get('to')).toBeNull();
      expect(own.visible_mark).toBeNull();
      const served = await getMedia(t, String(own.image));
      expect(served.rawPayload.equals(await storedFeed(made.uploadId))).toBe(true);
      // The subscriber's answer never carries the author's setting.
      expect(await postAs(fan, creator, made.post.id)).not.toHaveProperty('visible_mark_setting');
    } finally {
      await setDefault(creator, false);
    }
  });

  it('never marks a public image, whoever looks', async () => {
    const author = await buildUser(t);
    await setDefault(author, true);
    const made = await photoPost(author, 13);
    const res = await t.request({
      method: 'GET',
      url: `/api/posts/user/${author.id}/`,
      token: fan.access,
    });
    const post = res.json<PostJson[]>().find((p) => p.id === made.post.id);
    expect(query(post?.image).get('to')).toBeNull();
    expect(post?.visible_mark).toBeNull();
  });
});

describe("a post's own choice", () => {
  it('false overrides a default of true', async () => {
    await setDefault(creator, true);
    try {
      const made = await photoPost(creator, 14, { visible_mark: 'false' });
      expect(made.post.visible_mark_setting).toBe(false);
      const seen = await postAs(fan, creator, made.post.id);
      expect(query(seen.image).get('to')).toBe(String(fan.id));
      expect(query(seen.image).get('v')).toBeNull();
      expect(seen.visible_mark).toBeNull();
      const copy = await getMedia(t, String(seen.image));
      const stored = await storedFeed(made.uploadId);
      expect((await centreDifference(copy.rawPayload, stored)).moved).toBeLessThan(0.01);
    } finally {
      await setDefault(creator, false);
    }
  });

  it('true marks a post while the default is off, and an edit turns it back', async () => {
    const made = await photoPost(creator, 15, { visible_mark: 'true' });
    expect(made.post.visible_mark_setting).toBe(true);
    const seen = await postAs(fan, creator, made.post.id);
    expect(query(seen.image).get('v')).toBe('1');
    expect(seen.visible_mark).toBe(`@${fan.username} · ${host}`);

    const edited = await t.request({
      method: 'PATCH',
      url: `/api/posts/${made.post.id}/`,
      token: creator.access,
      payload: { visible_mark: null },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ visible_mark_setting: null, content: 'A gated photo' });
    expect(query((await postAs(fan, creator, made.post.id)).image).get('v')).toBeNull();
  });

  it('refuses anything but the form\'s "true" and "false", with a message naming it', async () => {
    for (const bad of ['yes', '1', 'null', '']) {
      const res = await createPost(creator, { visible_mark: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ visible_mark: ['visible_mark must be true or false.'] });
    }
    const edit = await t.request({
      method: 'PATCH',
      url: `/api/posts/${(await photoPost(creator, 16)).post.id}/`,
      token: creator.access,
      payload: { visible_mark: 'yes' },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({
      visible_mark: ['visible_mark must be true, false or null.'],
    });
    const profile = await t.request({
      method: 'PUT',
      url: '/api/auth/profile/',
      token: creator.access,
      payload: { visible_mark_default: 'true' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toMatchObject({
      visible_mark_default: ['visible_mark_default must be true or false.'],
    });
  });
});

describe('a marked URL', () => {
  it('answers 404 with v=1 added to, or taken off, a URL signed otherwise', async () => {
    const made = await photoPost(creator, 17, { visible_mark: 'true' });
    const url = String((await postAs(fan, creator, made.post.id)).image);
    const before = (await cacheFiles()).length;
    const without = url.replace('&v=1', '');
    const changed = url.replace('&v=1', '&v=2');
    const invisible = String(
      (await postAs(fan, creator, (await photoPost(creator, 18)).post.id)).image,
    );
    const added = invisible.replace('&sig=', '&v=1&sig=');
    for (const bad of [without, changed, added]) {
      expect((await t.request({ method: 'GET', url: bad })).statusCode, bad).toBe(404);
    }
    expect((await cacheFiles()).length).toBe(before);
  });
});
