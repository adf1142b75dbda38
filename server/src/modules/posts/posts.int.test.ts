import { messages } from '@zura/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import {
  mp4,
  png,
  storedFileExists,
  storedKeys,
  TEXT_BYTES,
  uploadFile,
  uploadRow,
} from '../../../test/media.ts';
import { multipart, type MultipartFile } from '../../../test/multipart.ts';
import { videoIdOfPost } from '../../../test/renditions.ts';
import { waitForVideo } from '../../../test/video.ts';
import { posts, uploads } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signedUrl = (variant = '(original|feed)') =>
  new RegExp(`^/media/[0-9a-f-]{36}/${variant}\\?exp=\\d+&sig=[\\w-]+$`);
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
  'user_id',
  'user_username',
  'username',
];

function createPost(
  user: Pick<TestUser, 'access'>,
  fields: Record<string, string>,
  media?: Omit<MultipartFile, 'name'>,
) {
  return t.request({
    method: 'POST',
    url: '/api/posts/',
    ...multipart({ fields, files: media ? [{ name: 'media', ...media }] : [] }),
    token: user.access,
  });
}

const imageFile = async () => ({
  filename: 'photo.png',
  content: await png(),
  type: 'image/png',
});
const videoFile = async (seed = 0) => ({
  filename: 'clip.mp4',
  content: await mp4(seed),
  type: 'video/mp4',
});

function feed(viewer: TestUser, query = '') {
  return t.request({ method: 'GET', url: `/api/posts/${query}`, token: viewer.access });
}

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
async function uploadCount(ownerId: number) {
  return (await t.db.query.uploads.findMany({ where: eq(uploads.ownerId, ownerId) })).length;
}

describe('requires auth', () => {
  it.each([
    ['GET', '/api/posts/'],
    ['POST', '/api/posts/'],
    ['GET', '/api/posts/user/1/'],
    ['GET', '/api/posts/user/someone/'],
    ['DELETE', '/api/posts/1/'],
    ['POST', '/api/posts/1/unlock/'],
  ] as const)('%s %s answers 401 without a token and with a bad one', async (method, url) => {
    const body =
      url === '/api/posts/' && method === 'POST'
        ? multipart({ fields: { content: 'hello' } })
        : method === 'POST'
          ? { headers: { 'content-type': 'application/json' }, payload: '{"password":"x"}' }
          : {};
    const bare = await t.request({ method, url, ...body });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual({ detail: messages.authRequired });
    const bad = await t.request({ method, url, ...body, token: 'not-a-token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ detail: messages.authInvalid });
  });

  it('an unauthenticated post stores nothing', async () => {
    const before = (await t.pool.query('select count(*)::int as n from posts')).rows[0].n;
    const res = await t.request({
      method: 'POST',
      url: '/api/posts/',
      ...multipart({ fields: { content: 'sneaky' } }),
    });
    expect(res.statusCode).toBe(401);
    expect((await t.pool.query('select count(*)::int as n from posts')).rows[0].n).toBe(before);
  });
});

describe('POST /api/posts/', () => {
  it('creates a text post and answers it as the author sees it', async () => {
    const user = await buildUser(t);
    const res = await createPost(user, { content: '  Hello, world  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      user_id: user.id,
      username: user.username,
      user_username: user.username,
      user_avatar: null,
      is_locked: false,
      is_unlocked: false,
      can_delete: true,
      is_draft: false,
      author_is_creator: false,
      comments_enabled: true,
      like_count: 0,
      comment_count: 0,
      liked_by_me: false,
      requires_subscription: false,
      subscription_price: null,
      // Not for sale (pay-per-view).
      price: null,
      subscriber_price: null,
      price_for_viewer: null,
      is_purchased: false,
      preview: null,
      content: 'Hello, world',
      type: 'post',
      // A post without files lists none.
      media: [],
    });
    expect(await postCount(user.id)).toBe(1);
  });

  it('creates an image post with a signed image URL', async () => {
    const user = await buildUser(t);
    const file = await imageFile();
    const res = await createPost(user, { content: 'Look', media_type: 'image' }, file);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ content: 'Look', type: 'post' });
    expect(body.image).toMatch(signedUrl());
    expect(body.image_url).toBe(body.image);
    expect(body).not.toHaveProperty('video');
    const upload = await uploadRow(t, uploadIdOf(body.image)!);
    expect(upload).toMatchObject({ ownerId: user.id, context: 'post_image' });
    // The job may already have made the feed size; either way the URL serves what it names.
    const bytes = await t.request({ method: 'GET', url: body.image });
    expect(bytes.statusCode).toBe(200);
    if (body.image.includes('/original?')) expect(bytes.rawPayload).toEqual(file.content);
    else expect(bytes.headers['content-type']).toBe('image/webp');
  });

  it('creates a video post of type video with a signed video URL', async () => {
    const user = await buildUser(t);
    const res = await createPost(
      user,
      { content: 'Watch', media_type: 'video' },
      await videoFile(),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // Nothing to play until the transcode is done: its author sees it processing.
    expect(body).toMatchObject({
      content: 'Watch',
      type: 'video',
      video: null,
      video_url: null,
      video_hls_url: null,
      video_state: 'processing',
    });
    expect(body).not.toHaveProperty('image');
    const videoId = await videoIdOfPost(t, body.id);
    // The upload the live progress frames name, so the composer can follow them at once.
    expect(body.video_upload_id).toBe(videoId);
    expect(await uploadRow(t, videoId)).toMatchObject({ context: 'post_video' });
    expect(await waitForVideo(t, videoId)).toMatchObject({ videoState: 'ready' });
    const ready = (await postsOf(user, user.id)).json()[0];
    expect(ready.video_upload_id).toBe(videoId);
    expect(ready.video).toMatch(signedUrl('mp4'));
    expect(ready.video_url).toBe(ready.video);
    expect(ready.video_hls_url).toMatch(new RegExp(`^/media/${videoId}/hls/master\\.m3u8\\?exp=`));
  });

  it.each([
    ['image', 'Posted an image', imageFile],
    ['video', 'Posted a video', () => videoFile(1)],
  ] as const)('gives a %s-only post the placeholder text', async (mediaType, text, file) => {
    const user = await buildUser(t);
    const res = await createPost(user, { content: '   ', media_type: mediaType }, await file());
    expect(res.statusCode).toBe(201);
    expect(res.json().content).toBe(text);
  });

  it.each([
    ['an image', imageFile, 'post', 'image'],
    ['a video', () => videoFile(2), 'video', 'video'],
  ] as const)('tells %s by its bytes when media_type is missing', async (_, file, type, key) => {
    const user = await buildUser(t);
    const res = await createPost(user, {}, await file());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type });
    // A video is told by its transcode state: it has nothing to play yet.
    if (key === 'video') expect(res.json().video_state).toBe('processing');
    else expect(res.json()[key]).toMatch(signedUrl());
  });

  it('refuses an empty post', async () => {
    const user = await buildUser(t);
    const bodies: Record<string, string>[] = [{}, { content: '' }, { content: ' \n\t ' }];
    for (const fields of bodies) {
      const res = await createPost(user, fields);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        content: ['Write something or attach an image or a video.'],
      });
    }
    expect(await postCount(user.id)).toBe(0);
  });

  it('refuses a locked post without a password, or with a short one', async () => {
    const user = await buildUser(t);
    const none = await createPost(user, { content: 'Secret', is_locked: 'true' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ password: ['Please enter a password to lock this post.'] });
    const short = await createPost(user, { content: 'Secret', is_locked: 'true', password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      password: ['The password must be at least 4 characters long.'],
    });
    expect(await postCount(user.id)).toBe(0);
  });

  it('refuses a locked media post without a password and keeps no upload', async () => {
    const user = await buildUser(t);
    const res = await createPost(
      user,
      { content: '', is_locked: 'true', media_type: 'image' },
      await imageFile(),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password: ['Please enter a password to lock this post.'] });
    expect(await uploadCount(user.id)).toBe(0);
  });

  it('allows 5000 characters and refuses 5001', async () => {
    const user = await buildUser(t);
    const ok = await createPost(user, { content: 'x'.repeat(5000) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().content).toHaveLength(5000);
    const long = await createPost(user, { content: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ content: ['Posts can be at most 5000 characters long.'] });
    expect(await postCount(user.id)).toBe(1);
  });

  it('refuses an unknown media_type', async () => {
    const user = await buildUser(t);
    const res = await createPost(user, { content: 'x', media_type: 'audio' }, await imageFile());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ media_type: ['Choose image or video.'] });
    expect(await uploadCount(user.id)).toBe(0);
  });

  it.each([
    [
      'a video as image',
      'image',
      () => videoFile(3),
      "The file's contents are not an image, which post_image accepts.",
    ],
    [
      'an image as video',
      'video',
      imageFile,
      "The file's contents are not a video, which post_video accepts.",
    ],
    [
      'text as image',
      'image',
      async () => ({ filename: 'a.png', content: TEXT_BYTES, type: 'image/png' }),
      "The file's contents are not an image, which post_image accepts.",
    ],
  ] as const)('refuses %s and stores nothing', async (_, mediaType, file, message) => {
    const user = await buildUser(t);
    const res = await createPost(user, { content: 'x', media_type: mediaType }, await file());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: [message] });
    expect(await postCount(user.id)).toBe(0);
    expect(await uploadCount(user.id)).toBe(0);
  });

  it('answers 400 for a JSON body', async () => {
    const user = await buildUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/posts/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ content: 'hello' }),
      token: user.access,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Send the request as multipart/form-data.' });
  });

  it('shows the author’s avatar', async () => {
    const user = await buildUser(t);
    const avatar = await uploadFile(t, user, { content: await png(), context: 'profile_image' });
    await t.request({
      method: 'PUT',
      url: '/api/auth/profile/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ profile_image_uuid: avatar.json().id }),
      token: user.access,
    });
    const post = await buildPost(t, user);
    expect(uploadIdOf(post.user_avatar)).toBe(avatar.json().id);
  });
});

describe('GET /api/posts/', () => {
  it('answers posts newest first, every author’s, marked for the viewer', async () => {
    const [alice, bob] = [await buildUser(t), await buildUser(t)];
    const first = await buildPost(t, alice, { content: 'first' });
    const second = await buildPost(t, bob, { content: 'second' });
    const third = await buildPost(t, alice, { content: 'third' });
    const res = await feed(bob);
    expect(res.statusCode).toBe(200);
    const mine = res
      .json()
      .filter((p: { id: number }) => [first.id, second.id, third.id].includes(p.id));
    expect(mine.map((p: { content: string }) => p.content)).toEqual(['third', 'second', 'first']);
    expect(mine.map((p: { can_delete: boolean }) => p.can_delete)).toEqual([false, true, false]);
  });

  it.each([
    ['51', { limit: ['limit must be at most 50.'] }],
    ['0', { limit: ['limit must be at least 1.'] }],
    ['-3', { limit: ['limit must be at least 1.'] }],
  ])('answers 400 for limit=%s', async (limit, body) => {
    const user = await buildUser(t);
    const res = await feed(user, `?limit=${limit}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
  });

  it.each(['abc', '2.5'])('answers 400 for limit=%s', async (limit) => {
    const user = await buildUser(t);
    const res = await feed(user, `?limit=${limit}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['limit']);
  });

  it.each([
    ['garbage', 'nope'],
    ['not base64url', '!!!!'],
    ['base64 of the wrong shape', Buffer.from('abc_1').toString('base64url')],
    ['base64 of a date only', Buffer.from('1700000000000').toString('base64url')],
  ])('answers 400 for a cursor that is %s', async (_, before) => {
    const user = await buildUser(t);
    const res = await feed(user, `?before=${encodeURIComponent(before)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ before: ['before is not a valid cursor.'] });
  });
});

describe('GET /api/posts/user/{idOrUsername}/', () => {
  it('answers only that user’s posts, newest first, by id or username', async () => {
    const [author, other] = [await buildUser(t), await buildUser(t)];
    const a1 = await buildPost(t, author, { content: 'a1' });
    await buildPost(t, other, { content: 'o1' });
    const a2 = await buildPost(t, author, { content: 'a2' });
    for (const key of [author.id, author.username, author.username.toUpperCase()]) {
      const res = await postsOf(other, key);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((p: { id: number }) => p.id)).toEqual([a2.id, a1.id]);
    }
  });

  it('answers an empty list for a user without posts', async () => {
    const [user, viewer] = [await buildUser(t), await buildUser(t)];
    const res = await postsOf(viewer, user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers.link).toBeUndefined();
  });

  it('answers 404 for a user that does not exist', async () => {
    const viewer = await buildUser(t);
    for (const key of ['nobody_at_all', '987654321']) {
      const res = await postsOf(viewer, key);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'User not found' });
    }
  });

  it('pages with a Link header', async () => {
    const [author, viewer] = [await buildUser(t), await buildUser(t)];
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await buildPost(t, author, { content: `p${i}` })).id);
    const first = await t.request({
      method: 'GET',
      url: `/api/posts/user/${author.username}/?limit=3`,
      token: viewer.access,
    });
    expect(first.json().map((p: { id: number }) => p.id)).toEqual(made.slice(2).reverse());
    const next = /^<([^>]+)>; rel="next"$/.exec(String(first.headers.link))?.[1];
    expect(next).toMatch(new RegExp(`^/api/posts/user/${author.username}/\\?limit=3&before=`));
    const second = await t.request({ method: 'GET', url: next!, token: viewer.access });
    expect(second.json().map((p: { id: number }) => p.id)).toEqual(made.slice(0, 2).reverse());
    expect(second.headers.link).toBeUndefined();
  });
});

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
    expect(wrong.json()).toEqual({ error: 'Incorrect password' });
    for (const body of [undefined, {}, { password: '' }]) {
      const res = await unlockPost(viewer, post.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Password is required' });
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
    expect(missing.json()).toEqual({ detail: 'Post not found.' });
    const bad = await unlockPost(viewer, 'abc', { password: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ id: ['Not a valid post id.'] });
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
    expect(res.json()).toEqual({ detail: 'Post not found.' });
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
    expect(again.json()).toEqual({ detail: 'Post not found.' });
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
    expect(res.json()).toEqual({ detail: 'Post not found.' });
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
      expect(Object.keys(res.json())).toEqual(['id']);
    },
  );
});
