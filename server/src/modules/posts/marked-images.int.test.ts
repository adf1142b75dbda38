import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildCreator, get, subscribe, topUp } from '../../../test/economy.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { getMedia, png, uploadRow, waitForVariants } from '../../../test/media.ts';
import { payPerViewKit, type PostJson } from './pay-per-view-test-kit.ts';

/**
 * Issue 35: a gated image reaches each viewer but its author as a copy marked for them, through
 * a URL that names them; public images, and the author's own view, are the stored bytes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { postForSale, purchase, postAs } = payPerViewKit(() => t);
const uploadIdOf = (url: unknown) => /^\/media\/([0-9a-f-]{36})\//.exec(String(url))?.[1];
const toOf = (url: string) => new URL(url, 'http://zura.test').searchParams.get('to');
const cacheFiles = async () =>
  (await fs.readdir(t.config.watermark.cacheDir).catch(() => [])).length;

async function storedFeed(uploadId: string): Promise<Buffer> {
  const key = (await uploadRow(t, uploadId))?.variants.feed;
  if (!key) throw new Error('no feed variant');
  return t.storage.readBuffer(key);
}

/** A post with an image, its feed size made, as its author got it back. */
async function imagePost(author: TestUser) {
  const post = await buildPost(t, author, {
    media: { content: await png(300, 200), type: 'image' },
  });
  const uploadId = uploadIdOf(post.image);
  if (!uploadId) throw new Error('the author sees no image');
  await waitForVariants(t, uploadId, ['feed']);
  return { post, uploadId };
}

describe('a subscriber-only image', () => {
  let creator: TestUser;
  let fans: TestUser[];
  let stranger: TestUser;
  let made: Awaited<ReturnType<typeof imagePost>>;

  beforeAll(async () => {
    creator = await buildCreator(t, 499);
    fans = [await buildUser(t), await buildUser(t)];
    stranger = await buildUser(t);
    for (const fan of fans) {
      await topUp(t, fan, '20');
      expect((await subscribe(t, fan, creator)).statusCode).toBeLessThan(300);
    }
    made = await imagePost(creator);
  });

  it('reaches each subscriber as their own marked copy, never stored or cached publicly', async () => {
    const stored = await storedFeed(made.uploadId);
    const copies: Buffer[] = [];
    for (const fan of fans) {
      const post = await postAs(fan, creator, made.post.id);
      const url = String(post.image);
      expect(toOf(url)).toBe(String(fan.id));
      expect(post.image_url).toBe(url);
      const served = await getMedia(t, url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('private, no-store');
      expect(served.redirectedTo).toBeUndefined();
      expect(served.rawPayload.equals(stored)).toBe(false);
      copies.push(served.rawPayload);
      // Asked again: the same copy, from the cache.
      expect((await getMedia(t, url)).rawPayload.equals(served.rawPayload)).toBe(true);
    }
    expect(copies[0]?.equals(copies[1] as Buffer)).toBe(false);
    expect(await cacheFiles()).toBe(2);
  });

  it('answers 404 to a marked URL whose recipient or signature was changed', async () => {
    const [first, second] = fans as [TestUser, TestUser];
    const url = String((await postAs(first, creator, made.post.id)).image);
    const before = await cacheFiles();
    const swapped = url.replace(`to=${first.id}`, `to=${second.id}`);
    const toStranger = url.replace(`to=${first.id}`, `to=${stranger.id}`);
    const tampered = url.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    const unsigned = url.replace(/&sig=.*$/, '');
    const plain = url.replace(/&to=\d+/, '');
    for (const bad of [swapped, toStranger, tampered, unsigned, plain]) {
      expect((await t.request({ method: 'GET', url: bad })).statusCode).toBe(404);
    }
    expect(await cacheFiles()).toBe(before);
  });

  it('gives a stranger no image URL, and their try at a fan URL path makes no copy', async () => {
    const before = await cacheFiles();
    const post = await postAs(stranger, creator, made.post.id);
    expect(post).not.toHaveProperty('image');
    expect(JSON.stringify(post)).not.toContain(`/media/${made.uploadId}`);
    const guess = `/media/${made.uploadId}/feed?exp=9999999999&to=${stranger.id}`;
    expect((await t.request({ method: 'GET', url: guess })).statusCode).toBe(404);
    expect(await cacheFiles()).toBe(before);
  });

  it('shows its author the plain URL of the stored bytes', async () => {
    const post = await postAs(creator, creator, made.post.id);
    const url = String(post.image);
    expect(toOf(url)).toBeNull();
    const served = await getMedia(t, url);
    expect(served.rawPayload.equals(await storedFeed(made.uploadId))).toBe(true);
  });
});

describe('a pay-per-view image', () => {
  it('reaches its buyer marked, unlike a subscriber of the same post', async () => {
    const creator = await buildCreator(t, 499);
    const [buyer, fan] = [await buildUser(t), await buildUser(t)];
    await topUp(t, buyer, '50');
    await topUp(t, fan, '20');
    expect((await subscribe(t, fan, creator)).statusCode).toBeLessThan(300);
    const sale = await postForSale(creator, { price_cents: '300', subscriber_price_cents: '0' });
    expect((await purchase(buyer, sale.post.id)).statusCode).toBeLessThan(300);
    const bought = await postAs(buyer, creator, sale.post.id);
    const subscribed = await postAs(fan, creator, sale.post.id);
    expect(toOf(String(bought.image))).toBe(String(buyer.id));
    const [a, b] = await Promise.all([
      getMedia(t, String(bought.image)),
      getMedia(t, String(subscribed.image)),
    ]);
    expect(a.statusCode).toBe(200);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(false);
    expect(a.rawPayload.equals(await storedFeed(sale.uploadId))).toBe(false);
  });
});

describe('a public image', () => {
  it('is served byte for byte as stored, through a URL naming nobody', async () => {
    const author = await buildUser(t);
    const viewer = await buildUser(t);
    const made = await imagePost(author);
    const res = await get(t, viewer, `/api/posts/user/${author.id}/`);
    const post = res.json<PostJson[]>().find((p) => p.id === made.post.id);
    const url = String(post?.image);
    expect(toOf(url)).toBeNull();
    const before = await cacheFiles();
    const served = await getMedia(t, url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(await storedFeed(made.uploadId))).toBe(true);
    expect(await cacheFiles()).toBe(before);
  });
});
