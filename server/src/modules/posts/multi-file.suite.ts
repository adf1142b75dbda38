import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_POST_FILES, postMediaList, type PostMediaItem } from '@zura/contracts';
import type { TestApp } from '../../../test/app.ts';
import { buildCreator, makeAdmin, subscribe, topUp } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import {
  getMedia,
  mp4,
  png,
  signerOf,
  storedFileExists,
  tempFilesLeft,
  TEXT_BYTES,
  uploadFile,
  uploadRow,
  waitForVariants,
} from '../../../test/media.ts';
import { groupOf, reportOf, resolveRequest } from '../../../test/reports.ts';
import { multipart, type MultipartFile } from '../../../test/multipart.ts';
import { setVideoState, storeRenditions, storeVideo } from '../../../test/renditions.ts';
import { buildTestAppOn, type StoreKind } from '../../../test/stores.ts';
import { postMedia, posts, uploads } from '../../db/schema/index.ts';

/**
 * A post holds up to 20 files, images and videos mixed, in the order its author gave them. One
 * bad file (or one too many) refuses the whole post and keeps nothing; each file is gated like
 * the post; deleting the post removes them all; others see it once every video in it plays.
 * Run on local disk (`multi-file.int.test.ts`) and on S3 (`multi-file.s3.int.test.ts`).
 */
export function describeMultiFilePosts(store: StoreKind) {
  let t: TestApp;

  type Post = Record<string, unknown> & { id: number; media?: PostMediaItem[] };

  const image = async (width: number, height: number): Promise<MultipartFile> => ({
    name: 'media',
    filename: `photo-${width}x${height}.png`,
    content: await png(width, height),
    type: 'image/png',
  });
  const video = async (seed: number): Promise<MultipartFile> => ({
    name: 'media',
    filename: `clip-${seed}.mp4`,
    content: await mp4(seed),
    type: 'video/mp4',
  });

  function createPost(user: TestUser, files: MultipartFile[], fields: Record<string, string> = {}) {
    return t.request({
      method: 'POST',
      url: '/api/posts/',
      ...multipart({ fields: { content: 'a set', ...fields }, files }),
      token: user.access,
    });
  }

  async function feedPost(user: TestUser, postId: number): Promise<Post | undefined> {
    const res = await t.request({
      method: 'GET',
      url: '/api/posts/?source=all&limit=50',
      token: user.access,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Post[]>().find((post) => post.id === postId);
  }

  const uploadIdOf = (url: unknown) => /^\/media\/([0-9a-f-]{36})\//.exec(String(url))?.[1];

  async function uploadsOf(user: TestUser) {
    return t.db.select().from(uploads).where(eq(uploads.ownerId, user.id));
  }

  async function postsOf(user: TestUser) {
    return t.db.select().from(posts).where(eq(posts.authorId, user.id));
  }

  beforeAll(async () => {
    t = await buildTestAppOn(store);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe(`a post with several files (${store} store)`, () => {
    it('keeps images and videos in the order given, each with its kind and size', async () => {
      const author = await buildUser(t);
      const res = await createPost(author, [
        await image(300, 200),
        await video(1),
        await image(120, 240),
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json<Post>();
      const media = postMediaList.parse(created.media);
      expect(media.map((file) => file.kind)).toEqual(['image', 'video', 'image']);
      expect(media[0]).toMatchObject({ width: 300, height: 200 });
      expect(media[2]).toMatchObject({ width: 120, height: 240 });
      // The author follows the transcode; the video has nothing to play yet.
      expect(media[1]).toMatchObject({ video_state: 'processing', url: null });

      const rows = await t.db
        .select()
        .from(postMedia)
        .where(eq(postMedia.postId, created.id))
        .orderBy(postMedia.position);
      expect(rows.map((row) => [row.position, row.kind])).toEqual([
        [0, 'image'],
        [1, 'video'],
        [2, 'image'],
      ]);
      expect(rows.map((row) => row.uploadId)).toEqual(
        media.map((file) => uploadIdOf(file.url) ?? rows[1]!.uploadId),
      );
      // The spec's single `image` and `video` fields name the first image and the first video.
      const [post] = await t.db.select().from(posts).where(eq(posts.id, created.id));
      expect(post).toMatchObject({
        imageId: rows[0]!.uploadId,
        videoId: rows[1]!.uploadId,
        type: 'post',
      });
      expect(uploadIdOf(created.image)).toBe(rows[0]!.uploadId);
    });

    it(`takes ${MAX_POST_FILES} files`, async () => {
      const author = await buildUser(t);
      const files = await Promise.all(
        Array.from({ length: MAX_POST_FILES }, (_, i) => image(20 + i, 20)),
      );
      const res = await createPost(author, files);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Post>().media?.map((file) => file.width)).toEqual(
        files.map((_, i) => 20 + i),
      );
    });

    for (const count of [MAX_POST_FILES + 1, MAX_POST_FILES + 5]) {
      it(`refuses ${count} files and keeps none of them`, async () => {
        const author = await buildUser(t);
        const files = await Promise.all(Array.from({ length: count }, (_, i) => image(20 + i, 20)));
        const res = await createPost(author, files);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({
          media: [`A post can hold at most ${MAX_POST_FILES} files.`],
        });
        expect(await postsOf(author)).toEqual([]);
        expect(await uploadsOf(author)).toEqual([]);
        expect(await tempFilesLeft(t)).toEqual([]);
      });
    }

    it('refuses the whole post for one bad file, names it, and keeps nothing', async () => {
      const author = await buildUser(t);
      const bad: MultipartFile = {
        name: 'media',
        filename: 'notes.png',
        content: TEXT_BYTES,
        type: 'image/png',
      };
      const res = await createPost(author, [await image(50, 50), bad, await image(60, 60)]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ media: string[] }>().media[0]).toMatch(/^File 2 \(notes\.png\): /);
      expect(await postsOf(author)).toEqual([]);
      expect(await uploadsOf(author)).toEqual([]);
      expect(await tempFilesLeft(t)).toEqual([]);
    });

    it('still takes one file with the media_type the spec client sends', async () => {
      const author = await buildUser(t);
      const res = await createPost(author, [await image(80, 40)], { media_type: 'image' });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json<Post>();
      expect(created.media).toHaveLength(1);
      expect(created.media?.[0]).toMatchObject({ kind: 'image', width: 80, height: 40 });
      expect(created.image).toBe(created.media?.[0]?.url);
    });

    it('removes every file from storage when the post is deleted', async () => {
      const author = await buildUser(t);
      const res = await createPost(author, [
        await image(70, 70),
        await image(71, 71),
        await image(72, 72),
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json<Post>();
      const ids = (created.media ?? []).map((file) => uploadIdOf(file.url)!);
      const keys: string[] = [];
      for (const id of ids) {
        const variants = await waitForVariants(t, id, ['feed', 'medium', 'thumb', 'blur']);
        keys.push((await uploadRow(t, id))!.storageKey, ...Object.values(variants));
      }
      // Three originals, each with its feed, medium, thumb and blurred-preview variants.
      expect(keys).toHaveLength(15);
      for (const key of keys) expect(await storedFileExists(t, key)).toBe(true);

      const deleted = await t.request({
        method: 'DELETE',
        url: `/api/posts/${created.id}/`,
        token: author.access,
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
      for (const id of ids) expect(await uploadRow(t, id)).toBeUndefined();
      for (const key of keys) expect(await storedFileExists(t, key)).toBe(false);
    });
  });

  describe('a post a moderator removes', () => {
    it("loses every file, and each file's bytes are banned", async () => {
      const admin = await buildUser(t);
      await makeAdmin(t, admin);
      const [author, reporter] = [await buildUser(t), await buildUser(t)];
      const files = [await image(33, 33), await image(34, 34), await image(35, 35)];
      const res = await createPost(author, files);
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json<Post>();
      const ids = (created.media ?? []).map((file) => uploadIdOf(file.url)!);

      const reportId = await reportOf(t, reporter, 'post', created.id, 'illegal_content');
      const [group] = await groupOf(t, admin, 'post', created.id);
      expect(group?.content?.media).toHaveLength(3);
      const removed = await resolveRequest(t, admin, reportId, {
        action: 'remove_content',
        note: 'Not allowed here.',
      });
      expect(removed.statusCode, removed.body).toBe(200);

      for (const id of ids) expect(await uploadRow(t, id)).toBeUndefined();
      const again = await uploadFile(t, await buildUser(t), {
        content: files[2]!.content,
        context: 'post_image',
      });
      expect(again.json()).toMatchObject({ error: 'This file cannot be uploaded.' });
    });
  });

  describe("a subscriber-only post's third file", () => {
    let creator: TestUser;
    let fan: TestUser;
    let stranger: TestUser;
    let postId: number;

    beforeAll(async () => {
      creator = await buildCreator(t);
      [fan, stranger] = [await buildUser(t), await buildUser(t)];
      const res = await createPost(creator, [
        await image(40, 40),
        await image(41, 41),
        await image(42, 42),
      ]);
      expect(res.statusCode, res.body).toBe(201);
      postId = res.json<Post>().id;
      await topUp(t, fan, '20.00');
      expect((await subscribe(t, fan, creator)).statusCode).toBeLessThan(300);
    });

    it('is served to a subscriber through the URL their feed gives', async () => {
      const seen = await feedPost(fan, postId);
      const third = seen?.media?.[2];
      expect(third).toMatchObject({ kind: 'image', width: 42, height: 42 });
      const res = await getMedia(t, String(third?.url));
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeGreaterThan(0);
    });

    it('is refused to a non-subscriber: no URL of it, and a borrowed signature opens nothing', async () => {
      const [row] = await t.db
        .select()
        .from(postMedia)
        .where(eq(postMedia.postId, postId))
        .orderBy(postMedia.position)
        .offset(2);
      const thirdId = row!.uploadId;
      const seen = await feedPost(stranger, postId);
      expect(seen?.requires_subscription).toBe(true);
      expect(seen).not.toHaveProperty('media');
      expect(JSON.stringify(seen)).not.toContain(thirdId);

      // Whatever URL they make up: bare, or signed for another file (their own), or expired.
      const own = await createPost(stranger, [await image(30, 30)]);
      const ownUrl = String(own.json<Post>().media?.[0]?.url);
      const borrowed = ownUrl.replace(uploadIdOf(ownUrl)!, thirdId);
      const expired = signerOf(t).url(thirdId, 'original', Date.now() - 2 * 60 * 60 * 1000);
      for (const url of [`/media/${thirdId}/original`, borrowed, expired]) {
        expect((await getMedia(t, url)).statusCode, url).toBe(404);
      }
    });
  });

  describe('a post with two videos', () => {
    it('is its author’s alone until both videos play', async () => {
      const author = await buildUser(t);
      const viewer = await buildUser(t);
      const first = await storeVideo(t, author, { state: 'ready' });
      const second = await storeVideo(t, author, { state: 'processing', progress: 30 });
      const [post] = await t.db
        .insert(posts)
        .values({ authorId: author.id, content: 'two clips', type: 'video', videoId: first })
        .returning();
      await t.db.insert(postMedia).values([
        { postId: post!.id, position: 0, uploadId: first, kind: 'video' },
        { postId: post!.id, position: 1, uploadId: second, kind: 'video' },
      ]);

      expect(await feedPost(viewer, post!.id)).toBeUndefined();
      const own = await feedPost(author, post!.id);
      expect(own?.media?.map((file) => file.video_state)).toEqual(['ready', 'processing']);
      expect(own?.media?.[1]).toMatchObject({ video_progress: 30, url: null });

      await setVideoState(t, second, { state: 'failed', error: 'Not a video.' });
      expect(await feedPost(viewer, post!.id)).toBeUndefined();
      expect((await feedPost(author, post!.id))?.media?.[1]).toMatchObject({
        video_state: 'failed',
        video_error: 'Not a video.',
      });

      const renditions = await storeRenditions(t, author.id, second);
      await setVideoState(t, second, { state: 'ready', renditions });
      const seen = await feedPost(viewer, post!.id);
      expect(seen?.media?.map((file) => file.kind)).toEqual(['video', 'video']);
      for (const [index, id] of [first, second].entries()) {
        expect(seen?.media?.[index]?.video_hls_url).toMatch(new RegExp(`^/media/${id}/hls/`));
        expect(seen?.media?.[index]?.url).toMatch(new RegExp(`^/media/${id}/mp4\\?`));
        expect(seen?.media?.[index]).not.toHaveProperty('video_state');
      }
    });
  });
}
