import { messages } from '@zura/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { mp4, png, TEXT_BYTES, uploadFile, uploadRow } from '../../../test/media.ts';
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

function postsOf(viewer: TestUser, idOrUsername: string | number) {
  return t.request({
    method: 'GET',
    url: `/api/posts/user/${idOrUsername}/`,
    token: viewer.access,
  });
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
    expect(bare.json()).toMatchObject({ detail: messages.authRequired });
    const bad = await t.request({ method, url, ...body, token: 'not-a-token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ detail: messages.authInvalid });
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
      user_avatar_small: null,
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
      // Issue 35: the author's own view carries no mark, and the post follows their default.
      visible_mark: null,
      visible_mark_setting: null,
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
      expect(res.json()).toMatchObject({
        content: ['Write something or attach an image or a video.'],
      });
    }
    expect(await postCount(user.id)).toBe(0);
  });

  it('refuses a locked post without a password, or with a short one', async () => {
    const user = await buildUser(t);
    const none = await createPost(user, { content: 'Secret', is_locked: 'true' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ password: ['Please enter a password to lock this post.'] });
    const short = await createPost(user, { content: 'Secret', is_locked: 'true', password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
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
    expect(res.json()).toMatchObject({ password: ['Please enter a password to lock this post.'] });
    expect(await uploadCount(user.id)).toBe(0);
  });

  it('allows 5000 characters and refuses 5001', async () => {
    const user = await buildUser(t);
    const ok = await createPost(user, { content: 'x'.repeat(5000) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().content).toHaveLength(5000);
    const long = await createPost(user, { content: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ content: ['Posts can be at most 5000 characters long.'] });
    expect(await postCount(user.id)).toBe(1);
  });

  it('refuses an unknown media_type', async () => {
    const user = await buildUser(t);
    const res = await createPost(user, { content: 'x', media_type: 'audio' }, await imageFile());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ media_type: ['Choose image or video.'] });
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
    expect(res.json()).toMatchObject({ file: [message] });
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
    expect(res.json()).toMatchObject({ error: 'Send the request as multipart/form-data.' });
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
