import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { mp4, png, storedFileExists, storedKeys, uploadRow } from '../../../test/media.ts';
import { videoIdOfPost } from '../../../test/renditions.ts';
import { waitForVideo } from '../../../test/video.ts';
import { posts } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// A locked post's image reaches a viewer other than its author marked for them (`&to=`, issue 35).
const signedUrl = (variant = '(original|feed)') =>
  new RegExp(`^/media/[0-9a-f-]{36}/${variant}\\?exp=\\d+(&to=\\d+)?&sig=[\\w-]+$`);
const uploadIdOf = (url: unknown) => /^\/media\/([0-9a-f-]{36})\//.exec(String(url))?.[1];

const BASE_KEYS = [
  'author_is_creator',
  'can_delete',
  'comment_count',
  'comments_enabled',
  'content',
  'created_at',
  'id',
  'is_draft',
  'is_locked',
  'is_purchased',
  'is_unlocked',
  'like_count',
  'liked_by_me',
  'preview',
  'price',
  'price_for_viewer',
  'requires_subscription',
  'subscriber_price',
  'subscription_price',
  'type',
  'user_avatar',
  'user_avatar_small',
  'user_id',
  'user_username',
  'username',
];

/** The viewer's whole feed, every page. */
async function wholeFeed(viewer: TestUser): Promise<Record<string, unknown>[]> {
  const all: Record<string, unknown>[] = [];
  let url: string | undefined = '/api/posts/?limit=50';
  while (url) {
    const res = await t.request({ method: 'GET', url, token: viewer.access });
    expect(res.statusCode).toBe(200);
    all.push(...res.json());
    url = /^<([^>]+)>; rel="next"$/.exec(String(res.headers.link ?? ''))?.[1];
  }
  return all;
}

const inFeed = async (viewer: TestUser, postId: number) =>
  (await wholeFeed(viewer)).find((post) => post.id === postId);

function postsOf(viewer: TestUser, idOrUsername: string | number) {
  return t.request({
    method: 'GET',
    url: `/api/posts/user/${idOrUsername}/`,
    token: viewer.access,
  });
}

function unlockPost(viewer: TestUser, postId: number | string, body?: unknown) {
  return t.request({
    method: 'POST',
    url: `/api/posts/${postId}/unlock/`,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
    token: viewer.access,
  });
}

function deletePost(user: TestUser, postId: number | string) {
  return t.request({ method: 'DELETE', url: `/api/posts/${postId}/`, token: user.access });
}

async function postCount(authorId: number) {
  return (await t.db.query.posts.findMany({ where: eq(posts.authorId, authorId) })).length;
}

describe('locked posts', () => {
  it('show another viewer no content, no media and a neutral type', async () => {
    const [author, viewer] = [await buildUser(t), await buildUser(t)];
    const image = await buildPost(t, author, {
      content: 'secret image caption',
      password: 'pass-1234',
      media: { content: await png(), type: 'image' },
    });
    const video = await buildPost(t, author, {
      content: 'secret video caption',
      password: 'pass-1234',
      media: { content: await mp4(4), type: 'video' },
    });
    const imageUpload = uploadIdOf(image.image)!;
    const videoUpload = await videoIdOfPost(t, video.id);
    expect(imageUpload).toBeDefined();
    // Until it plays, the post is its author's alone; then it shows, locked.
    await waitForVideo(t, videoUpload);

    const fromFeed = await wholeFeed(viewer);
    const fromAuthor = (await postsOf(viewer, author.id)).json();
    for (const list of [fromFeed, fromAuthor]) {
      for (const id of [image.id, video.id]) {
        const shown = list.find((p: { id: number }) => p.id === id);
        expect(Object.keys(shown).sort()).toEqual(BASE_KEYS);
        expect(shown).toMatchObject({
          is_locked: true,
          is_unlocked: false,
          content: '',
          type: 'post',
          can_delete: false,
        });
      }
      const text = JSON.stringify(list);
      for (const secret of [imageUpload, videoUpload, 'secret image', 'secret video']) {
        expect(text).not.toContain(secret);
      }
    }

    // The author sees everything of their own locked posts.
    const own = (await postsOf(author, author.id)).json();
    expect(own.find((p: { id: number }) => p.id === video.id)).toMatchObject({
      content: 'secret video caption',
      type: 'video',
      is_locked: true,
      is_unlocked: true,
      video: expect.stringMatching(signedUrl('mp4')),
    });
  });

  it('POST /api/posts/{id}/unlock/ refuses a wrong or missing password', async () => {
    const [author, viewer] = [await buildUser(t), await buildUser(t)];
    const post = await buildPost(t, author, { content: 'hidden', password: 'pass-1234' });
    const wrong = await unlockPost(viewer, post.id, { password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'Incorrect password' });
    for (const body of [undefined, {}, { password: '' }]) {
      const res = await unlockPost(viewer, post.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'Password is required',
        code: 'password_required',
      });
    }
    expect((await inFeed(viewer, post.id))?.content).toBe('');
  });

  it('with the right password opens the post to that viewer only', async () => {
    const [author, viewer, third] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const post = await buildPost(t, author, {
      content: 'now you see it',
      password: 'pass-1234',
      media: { content: await png(), type: 'image' },
    });
    const res = await unlockPost(viewer, post.id, { password: 'pass-1234' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Post unlocked.',
      post: {
        id: post.id,
        content: 'now you see it',
        is_locked: true,
        is_unlocked: true,
        image: expect.stringMatching(signedUrl()),
      },
    });

    const seen = await inFeed(viewer, post.id);
    expect(seen).toMatchObject({ content: 'now you see it', is_unlocked: true });
    const bytes = await t.request({ method: 'GET', url: String(seen?.image) });
    expect(bytes.statusCode).toBe(200);
    expect((await postsOf(viewer, author.id)).json()[0]).toMatchObject({
      content: 'now you see it',
    });

    const notSeen = await inFeed(third, post.id);
    expect(notSeen).toMatchObject({ content: '', is_unlocked: false });
    expect(notSeen).not.toHaveProperty('image');

    // Unlocking again, or the author unlocking their own post, is simply fine.
    expect((await unlockPost(viewer, post.id, { password: 'whatever' })).statusCode).toBe(200);
    expect((await unlockPost(author, post.id)).statusCode).toBe(200);
  });

  it('unlock answers 404 for a missing post, 400 for a bad id', async () => {
    const viewer = await buildUser(t);
    const missing = await unlockPost(viewer, 999999999, { password: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ detail: 'Post not found.' });
    const bad = await unlockPost(viewer, 'abc', { password: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ id: ['Not a valid post id.'] });
  });

  it('unlock answers 404 for a post on a locked profile, even with the right password', async () => {
    const [author, viewer] = [await buildUser(t), await buildUser(t)];
    const post = await buildPost(t, author, { content: 'behind two locks', password: 'pass-1234' });
    await t.request({
      method: 'PUT',
      url: '/api/auth/profile/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ is_profile_locked: true, profile_password: 'profile-pass' }),
      token: author.access,
    });
    const res = await unlockPost(viewer, post.id, { password: 'pass-1234' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'Post not found.' });
    expect(res.body).not.toContain('behind two locks');
  });
});

describe('DELETE /api/posts/{id}/', () => {
  it('lets the author delete the post and its media file', async () => {
    const [author, viewer] = [await buildUser(t), await buildUser(t)];
    const post = await buildPost(t, author, {
      content: 'bye',
      media: { content: await mp4(5), type: 'video' },
    });
    const upload = await uploadRow(t, await videoIdOfPost(t, post.id));
    expect(await storedFileExists(t, upload!.storageKey)).toBe(true);
    const ready = await waitForVideo(t, upload!.id);
    const playable = (await postsOf(author, author.id)).json()[0];

    const res = await deletePost(author, post.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await postCount(author.id)).toBe(0);
    expect(await uploadRow(t, upload!.id)).toBeUndefined();
    expect(await storedFileExists(t, upload!.storageKey)).toBe(false);
    expect(await inFeed(viewer, post.id)).toBeUndefined();
    for (const url of [playable.video, playable.video_hls_url]) {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
    }
    expect(await storedKeys(t, ready!.renditions!.prefix)).toEqual([]);

    const again = await deletePost(author, post.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ detail: 'Post not found.' });
  });

  it('answers 404 to another user and deletes nothing', async () => {
    const [author, other] = [await buildUser(t), await buildUser(t)];
    const post = await buildPost(t, author, {
      content: 'mine',
      media: { content: await png(), type: 'image' },
    });
    const upload = await uploadRow(t, uploadIdOf(post.image)!);
    const res = await deletePost(other, post.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'Post not found.' });
    expect(await postCount(author.id)).toBe(1);
    expect(await storedFileExists(t, upload!.storageKey)).toBe(true);
    expect(await inFeed(other, post.id)).toMatchObject({ content: 'mine' });
  });

  it('keeps a file another post still shows', async () => {
    const author = await buildUser(t);
    const bytes = await png();
    const first = await buildPost(t, author, { media: { content: bytes, type: 'image' } });
    const second = await buildPost(t, author, { media: { content: bytes, type: 'image' } });
    const id = uploadIdOf(first.image)!;
    expect(uploadIdOf(second.image)).toBe(id);
    expect((await deletePost(author, first.id)).statusCode).toBe(204);
    const upload = await uploadRow(t, id);
    expect(upload).toBeDefined();
    expect(await storedFileExists(t, upload!.storageKey)).toBe(true);
    expect((await deletePost(author, second.id)).statusCode).toBe(204);
    expect(await uploadRow(t, id)).toBeUndefined();
    expect(await storedFileExists(t, upload!.storageKey)).toBe(false);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999999999999'])(
    'answers 400 for the id %s',
    async (id) => {
      const user = await buildUser(t);
      const res = await deletePost(user, id);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json<{ fields: object }>().fields)).toEqual(['id']);
    },
  );
});
