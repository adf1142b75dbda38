import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildPost, buildUser, type TestUser } from '../../../../test/factories.ts';
import { png, signerOf, uploadFile, waitForVariants } from '../../../../test/media.ts';
import { uploads } from '../../../db/schema/index.ts';

// Its own file (and so its own queue): the variants of the few uploads here are made promptly.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signedUrl = (id: string, variant: string) =>
  new RegExp(`^/media/${id}/${variant}\\?exp=\\d+&sig=[\\w-]+$`);
const uploadIdOf = (url: unknown) => /^\/media\/([0-9a-f-]{36})\//.exec(String(url))?.[1];

async function fetchImage(url: string) {
  const res = await t.request({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return { type: res.headers['content-type'], meta: await sharp(res.rawPayload).metadata() };
}

async function uploadId(user: TestUser, context: string, width: number, height: number) {
  const res = await uploadFile(t, user, { content: await png(width, height), context });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

function putProfile(user: TestUser, body: Record<string, unknown>) {
  return t.request({
    method: 'PUT',
    url: '/api/auth/profile/',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    token: user.access,
  });
}

describe('small avatar and cover', () => {
  it('a profile image gets a 96 px square WebP, named on profiles and posts', async () => {
    const [user, viewer] = [await buildUser(t), await buildUser(t)];
    const avatarId = await uploadId(user, 'profile_image', 400, 300);
    const coverId = await uploadId(user, 'cover_image', 1600, 400);
    await waitForVariants(t, avatarId, ['avatar', 'thumb']);
    const coverVariants = await waitForVariants(t, coverId, ['medium', 'feed']);
    expect(coverVariants.avatar).toBeUndefined();
    const put = await putProfile(user, { profile_image_uuid: avatarId, cover_image_uuid: coverId });
    expect(put.statusCode).toBe(200);

    const seen = await t.request({
      method: 'GET',
      url: `/api/auth/users/${user.id}/`,
      token: viewer.access,
    });
    const profile = seen.json();
    expect(profile.profile_image).toMatch(signedUrl(avatarId, 'original'));
    expect(profile.profile_image_small).toMatch(signedUrl(avatarId, 'avatar'));
    expect(profile.cover_image_small).toMatch(signedUrl(coverId, 'medium'));
    const avatar = await fetchImage(profile.profile_image_small);
    expect(avatar.type).toBe('image/webp');
    expect(avatar.meta).toMatchObject({ format: 'webp', width: 96, height: 96 });
    const cover = await fetchImage(profile.cover_image_small);
    expect(cover.meta).toMatchObject({ format: 'webp', width: 640, height: 160 });

    const own = (
      await t.request({ method: 'GET', url: '/api/auth/profile/', token: user.access })
    ).json();
    expect(own.profile_image_small).toMatch(signedUrl(avatarId, 'avatar'));

    const post = await buildPost(t, user, { content: 'hello' });
    const feed = await t.request({ method: 'GET', url: '/api/posts/', token: user.access });
    const shown = feed.json().find((p: { id: number }) => p.id === post.id);
    expect(shown.user_avatar_small).toMatch(signedUrl(avatarId, 'avatar'));
  });

  it('an upload made before the small sizes existed answers them with a larger one, and gets them', async () => {
    const user = await buildUser(t);
    const id = await uploadId(user, 'profile_image', 200, 100);
    const made = await waitForVariants(t, id, ['avatar', 'thumb', 'feed', 'medium']);
    const signer = signerOf(t);
    const setVariants = (variants: Record<string, string>) =>
      t.db.update(uploads).set({ variants }).where(eq(uploads.id, id));

    // As stored before these sizes: the avatar answers with the thumbnail and is made for later.
    await setVariants({ thumb: made.thumb!, feed: made.feed! });
    expect((await fetchImage(signer.url(id, 'avatar'))).meta).toMatchObject({
      format: 'webp',
      width: 200,
      height: 100,
    });
    await waitForVariants(t, id, ['avatar', 'medium']);
    expect((await fetchImage(signer.url(id, 'avatar'))).meta).toMatchObject({
      width: 96,
      height: 96,
    });

    // No sizes at all: the original (this process queued its sizes once already).
    await setVariants({});
    expect((await fetchImage(signer.url(id, 'avatar'))).type).toBe('image/png');
    expect((await fetchImage(signer.url(id, 'medium'))).type).toBe('image/png');
    // The variants that existed before keep answering 404 until made.
    const thumb = await t.request({ method: 'GET', url: signer.url(id, 'thumb') });
    expect(thumb.statusCode).toBe(404);
  });
});

describe('post images in several widths', () => {
  it('lists the sizes made as a srcset with their real widths, each served', async () => {
    const user = await buildUser(t);
    const post = await buildPost(t, user, {
      media: { content: await png(2000, 1000), type: 'image' },
    });
    const id = uploadIdOf(post.image)!;
    await waitForVariants(t, id, ['thumb', 'medium', 'feed']);
    const feed = await t.request({ method: 'GET', url: '/api/posts/', token: user.access });
    const [item] = feed.json().find((p: { id: number }) => p.id === post.id).media;
    expect(item).toMatchObject({ kind: 'image', width: 2000, height: 1000 });
    const entries = (item.srcset as string).split(', ').map((entry) => entry.split(' '));
    expect(entries.map(([, width]) => width)).toEqual(['320w', '640w', '1080w']);
    for (const [url, width] of entries) {
      expect(url).toMatch(signedUrl(id, '(thumb|medium|feed)'));
      expect((await fetchImage(url!)).meta.width).toBe(parseInt(width!, 10));
    }
  });

  it('lists a small image once, at its own width', async () => {
    const user = await buildUser(t);
    const post = await buildPost(t, user, {
      media: { content: await png(300, 200), type: 'image' },
    });
    const id = uploadIdOf(post.image)!;
    await waitForVariants(t, id, ['thumb', 'medium', 'feed']);
    const feed = await t.request({ method: 'GET', url: '/api/posts/', token: user.access });
    const [item] = feed.json().find((p: { id: number }) => p.id === post.id).media;
    expect(item.srcset).toMatch(new RegExp(`^/media/${id}/thumb\\?exp=\\d+&sig=[\\w-]+ 300w$`));
  });

  it("never leaks a locked post's sizes, and each size needs its own signature", async () => {
    const [author, viewer] = [await buildUser(t), await buildUser(t)];
    const post = await buildPost(t, author, {
      content: 'locked',
      password: 'pass-1234',
      media: { content: await png(900, 600), type: 'image' },
    });
    const id = uploadIdOf(post.image)!;
    await waitForVariants(t, id, ['thumb', 'medium', 'feed']);
    const feed = await t.request({
      method: 'GET',
      url: `/api/posts/user/${author.id}/`,
      token: viewer.access,
    });
    const shown = feed.json().find((p: { id: number }) => p.id === post.id);
    expect(shown).toBeDefined();
    expect(shown.media).toBeUndefined();
    expect(JSON.stringify(feed.json())).not.toContain(id);

    const signer = signerOf(t);
    const thumbUrl = signer.url(id, 'thumb');
    for (const variant of ['medium', 'avatar', 'feed']) {
      const borrowed = await t.request({
        method: 'GET',
        url: thumbUrl.replace('/thumb?', `/${variant}?`),
      });
      expect(borrowed.statusCode).toBe(404);
      const bare = await t.request({ method: 'GET', url: `/media/${id}/${variant}` });
      expect(bare.statusCode).toBe(404);
    }
  });
});
