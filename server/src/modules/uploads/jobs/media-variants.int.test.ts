import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildUser, type TestUser } from '../../../../test/factories.ts';
import {
  hasFfmpeg,
  mp4,
  png,
  signerOf,
  storedFileExists,
  storedKeys,
  uploadFile,
  uploadRow,
  waitForVariants,
} from '../../../../test/media.ts';
import { multipart } from '../../../../test/multipart.ts';
import { videoIdOfPost } from '../../../../test/renditions.ts';
import { waitForVideo } from '../../../../test/video.ts';
import { uploads } from '../../../db/schema/index.ts';
import type { MediaStorage } from '../../../storage/storage.ts';
import { createMediaVariantsHandler } from './media-variants.ts';

// Its own file (and so its own queue): the variants of the few uploads here are made promptly.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signedUrl = (id: string, variant: string) =>
  new RegExp(`^/media/${id}/${variant}\\?exp=\\d+&sig=[\\w-]+$`);

function createPost(user: TestUser, media: Buffer, mediaType: 'image' | 'video') {
  const body = multipart({
    fields: { content: '', media_type: mediaType },
    files: [
      {
        name: 'media',
        filename: mediaType === 'image' ? 'a.png' : 'a.mp4',
        content: media,
        type: mediaType === 'image' ? 'image/png' : 'video/mp4',
      },
    ],
  });
  return t.request({ method: 'POST', url: '/api/posts/', ...body, token: user.access });
}

/** Waits until the queue has finished the media job of `uploadId` (up to 10 s). */
async function waitForJobDone(uploadId: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await t.pool.query<{ state: string }>(
      `select state from pgboss.job where name = 'media-variants' and data->>'uploadId' = $1`,
      [uploadId],
    );
    if (rows.length > 0 && rows.every((row) => row.state === 'completed')) return;
    if (Date.now() > deadline) throw new Error(`media job of ${uploadId}: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the media-variants job', () => {
  it('makes a WebP feed size and thumbnail of an image, served by signed URL', async () => {
    const user = await buildUser(t);
    const created = (
      await uploadFile(t, user, { content: await png(400, 300), context: 'post_image' })
    ).json();
    const variants = await waitForVariants(t, created.id, ['feed', 'thumb']);
    expect(variants.feed).toMatch(/-feed\.webp$/);
    expect(variants.thumb).toMatch(/-thumb\.webp$/);

    const signer = signerOf(t);
    const feed = await t.request({ method: 'GET', url: signer.url(created.id, 'feed') });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('image/webp');
    const feedMeta = await sharp(feed.rawPayload).metadata();
    expect(feedMeta).toMatchObject({ format: 'webp', width: 400, height: 300 });

    const thumb = await t.request({ method: 'GET', url: signer.url(created.id, 'thumb') });
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
      height: 240,
    });

    const listed = await t.request({
      method: 'GET',
      url: `/api/uploads/${created.id}/`,
      token: user.access,
    });
    expect(listed.json().thumbnail_url).toMatch(signedUrl(created.id, 'thumb'));
  });

  it('scales a wide image down to the feed width', async () => {
    const user = await buildUser(t);
    const created = (
      await uploadFile(t, user, { content: await png(2160, 100), context: 'post_image' })
    ).json();
    await waitForVariants(t, created.id, ['feed', 'thumb']);
    const feed = await t.request({ method: 'GET', url: signerOf(t).url(created.id, 'feed') });
    expect(await sharp(feed.rawPayload).metadata()).toMatchObject({ width: 1080, height: 50 });
  });

  it('makes a poster frame of a video when ffmpeg is there', async () => {
    const user = await buildUser(t);
    const created = (
      await uploadFile(t, user, {
        content: await mp4(1),
        context: 'post_video',
        filename: 'clip.mp4',
        type: 'video/mp4',
      })
    ).json();
    expect(created.is_video).toBe(true);
    if (await hasFfmpeg()) {
      const variants = await waitForVariants(t, created.id, ['poster', 'thumb', 'blur']);
      expect(variants.poster).toMatch(/-poster\.webp$/);
      expect(variants.blur).toMatch(/-blur\.webp$/);
      const poster = await t.request({ method: 'GET', url: signerOf(t).url(created.id, 'poster') });
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/webp');
      expect(await sharp(poster.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 64,
        height: 64,
      });
    }
  });
});

describe('variants and what shows them', () => {
  it('an image post shows the feed variant once it is made', async () => {
    const user = await buildUser(t);
    const post = (await createPost(user, await png(200, 100), 'image')).json();
    const imageId = /^\/media\/([0-9a-f-]{36})\//.exec(post.image)?.[1];
    expect(imageId).toBeDefined();
    await waitForVariants(t, imageId!, ['feed', 'thumb']);
    const feed = await t.request({ method: 'GET', url: '/api/posts/', token: user.access });
    const shown = feed.json().find((p: { id: number }) => p.id === post.id);
    expect(shown.image).toMatch(signedUrl(imageId!, 'feed'));
    expect(shown.image_url).toBe(shown.image);
    const bytes = await t.request({ method: 'GET', url: shown.image });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/webp');
  });

  it('a video post shows its poster and its progressive MP4 once the transcode made them', async () => {
    const user = await buildUser(t);
    const post = (await createPost(user, await mp4(2), 'video')).json();
    expect(post.type).toBe('video');
    const videoId = await videoIdOfPost(t, post.id);
    expect(await waitForVideo(t, videoId)).toMatchObject({ videoState: 'ready' });
    await waitForVariants(t, videoId, ['poster', 'thumb']);
    const feed = await t.request({ method: 'GET', url: '/api/posts/', token: user.access });
    const shown = feed.json().find((p: { id: number }) => p.id === post.id);
    expect(shown.poster_url).toMatch(signedUrl(videoId, 'poster'));
    expect(shown.video).toMatch(signedUrl(videoId, 'mp4'));
  });

  it('deleting an upload removes its variants with it', async () => {
    const user = await buildUser(t);
    const created = (
      await uploadFile(t, user, { content: await png(), context: 'post_image' })
    ).json();
    const variants = await waitForVariants(t, created.id, ['feed', 'thumb', 'blur']);
    const row = await uploadRow(t, created.id);
    const keys = [row!.storageKey, variants.feed!, variants.thumb!, variants.blur!];
    for (const key of keys) expect(await storedFileExists(t, key)).toBe(true);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/uploads/${created.id}/`,
      token: user.access,
    });
    expect(res.statusCode).toBe(204);
    for (const key of keys) expect(await storedFileExists(t, key)).toBe(false);
  });

  it('deleting a video removes its poster and thumbnail with it (when ffmpeg is there)', async () => {
    const user = await buildUser(t);
    const created = (
      await uploadFile(t, user, {
        content: await mp4(2),
        context: 'post_video',
        filename: 'clip.mp4',
        type: 'video/mp4',
      })
    ).json();
    if (await hasFfmpeg()) await waitForVariants(t, created.id, ['poster', 'thumb', 'blur']);
    else await waitForJobDone(created.id);
    // Poster, thumbnail and the blurred preview.
    expect(await storedKeys(t, `variants/${user.id}/`)).toHaveLength((await hasFfmpeg()) ? 3 : 0);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/uploads/${created.id}/`,
      token: user.access,
    });
    expect(res.statusCode).toBe(204);
    expect(await storedKeys(t, `originals/${user.id}/`)).toEqual([]);
    expect(await storedKeys(t, `variants/${user.id}/`)).toEqual([]);
  });

  it('a job whose upload is deleted while it works removes what it made', async () => {
    const user = await buildUser(t);
    const created = (
      await uploadFile(t, user, { content: await png(), context: 'post_image' })
    ).json();
    await waitForJobDone(created.id);
    const row = await uploadRow(t, created.id);
    // The row goes, with its original, as the job writes its first variant: the deletion saw
    // no variant keys on the row, so only the job can know them.
    const deletingMidway: MediaStorage = {
      ...t.storage,
      async writeBuffer(key, bytes, contentType) {
        const deleted = await t.db.delete(uploads).where(eq(uploads.id, created.id)).returning();
        if (deleted.length > 0) await t.storage.remove(row!.storageKey);
        await t.storage.writeBuffer(key, bytes, contentType);
      },
    };
    // As before its job ran: no variants yet, on the row or in storage.
    await t.db.update(uploads).set({ variants: {} }).where(eq(uploads.id, created.id));
    for (const key of Object.values(row!.variants)) await t.storage.remove(key);
    expect(await storedKeys(t, `variants/${user.id}/`)).toEqual([]);
    await createMediaVariantsHandler({ db: t.db, storage: deletingMidway })({
      uploadId: created.id,
    });
    expect(await uploadRow(t, created.id)).toBeUndefined();
    expect(await storedKeys(t, `originals/${user.id}/`)).toEqual([]);
    expect(await storedKeys(t, `variants/${user.id}/`)).toEqual([]);
  });

  it('deleting a post removes its media and the variants', async () => {
    const user = await buildUser(t);
    const post = (await createPost(user, await png(), 'image')).json();
    const imageId = /^\/media\/([0-9a-f-]{36})\//.exec(post.image)![1]!;
    const variants = await waitForVariants(t, imageId, ['feed', 'thumb', 'blur']);
    const row = await uploadRow(t, imageId);
    const keys = [row!.storageKey, variants.feed!, variants.thumb!, variants.blur!];
    const res = await t.request({
      method: 'DELETE',
      url: `/api/posts/${post.id}/`,
      token: user.access,
    });
    expect(res.statusCode).toBe(204);
    expect(await uploadRow(t, imageId)).toBeUndefined();
    for (const key of keys) expect(await storedFileExists(t, key)).toBe(false);
  });

  it('a job for an upload deleted before it ran makes no files', async () => {
    const user = await buildUser(t);
    const created = (
      await uploadFile(t, user, { content: await png(), context: 'post_image' })
    ).json();
    const res = await t.request({
      method: 'DELETE',
      url: `/api/uploads/${created.id}/`,
      token: user.access,
    });
    expect(res.statusCode).toBe(204);
    await waitForJobDone(created.id);
    expect(await storedKeys(t, `originals/${user.id}/`)).toEqual([]);
    expect(await storedKeys(t, `variants/${user.id}/`)).toEqual([]);
  });
});
