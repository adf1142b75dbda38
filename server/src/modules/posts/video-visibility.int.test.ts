import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import {
  listMessages,
  sendMessage,
  sendMessageRequest,
  startConversation,
} from '../../../test/messaging.ts';
import { buildSecondInstance, type SecondInstance } from '../../../test/second-instance.ts';
import {
  setVideoState,
  storeRenditions,
  storeVideo,
  storeVideoPost,
} from '../../../test/renditions.ts';

/*
 * A video post exists for others only once its video plays: while it is processing, or when it
 * failed, it is its author's alone, in every list and by its id, though feeds keep shared copies
 * in memory on each instance. The moment the transcode finishes, everyone sees it.
 */
let t: TestApp;
let other: SecondInstance;
let author: TestUser;
let follower: TestUser;
let stranger: TestUser;

type Post = Record<string, unknown> & { id: number };
type Requester = Pick<TestApp, 'request'>;

async function list(app: Requester, user: TestUser, url: string): Promise<Post[]> {
  const res = await app.request({ method: 'GET', url, token: user.access });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Post[]>();
}

/** Every list a post shows in, and its unlock by id, as `user` sees them (undefined: absent). */
async function everywhere(app: Requester, user: TestUser, postId: number) {
  const find = (posts: Post[]) => posts.find((post) => post.id === postId);
  const unlock = await app.request({
    method: 'POST',
    url: `/api/posts/${postId}/unlock/`,
    headers: { 'content-type': 'application/json' },
    payload: '{}',
    token: user.access,
  });
  return {
    following: find(await list(app, user, '/api/posts/?source=following&limit=50')),
    everyone: find(await list(app, user, '/api/posts/?source=all&limit=50')),
    profile: find(await list(app, user, `/api/posts/user/${author.id}/?limit=50`)),
    byId: unlock.statusCode === 200 ? unlock.json<{ post: Post }>().post : undefined,
  };
}

async function follow(user: TestUser, whom: TestUser) {
  const res = await t.request({
    method: 'POST',
    url: `/api/auth/users/${whom.id}/follow/`,
    token: user.access,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

beforeAll(async () => {
  t = await buildTestApp();
  other = await buildSecondInstance(t);
  [author, follower, stranger] = [await buildUser(t), await buildUser(t), await buildUser(t)];
  await follow(follower, author);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('a video post while its video is processing', () => {
  let videoId: string;
  let postId: number;

  beforeAll(async () => {
    videoId = await storeVideo(t, author, { state: 'processing', progress: 40 });
    postId = await storeVideoPost(t, author, videoId, 'my processing clip');
  });

  it('is absent for everyone but its author, on every instance', async () => {
    for (const app of [t, other]) {
      for (const viewer of [follower, stranger]) {
        expect(await everywhere(app, viewer, postId)).toEqual({
          following: undefined,
          everyone: undefined,
          profile: undefined,
          byId: undefined,
        });
      }
    }
  });

  it('shows its author a processing card: state and progress, nothing to play yet', async () => {
    const seen = await everywhere(t, author, postId);
    for (const post of [seen.following, seen.everyone, seen.profile, seen.byId]) {
      expect(post).toMatchObject({
        id: postId,
        type: 'video',
        content: 'my processing clip',
        video_upload_id: videoId,
        video_state: 'processing',
        video_progress: 40,
        video_error: null,
        video_url: null,
        video_hls_url: null,
      });
    }
  });

  it('shows its author the progress as it moves, though the feeds are kept in memory', async () => {
    await setVideoState(t, videoId, { state: 'processing', progress: 85 });
    const seen = await everywhere(other, author, postId);
    expect(seen.following?.video_progress).toBe(85);
    expect(seen.everyone?.video_progress).toBe(85);
  });

  it('appears to everyone on every instance the moment its video is ready', async () => {
    // The kept copies of the feeds were read while it was processing (the tests above).
    const renditions = await storeRenditions(t, author.id, videoId);
    await setVideoState(t, videoId, { state: 'ready', renditions });
    for (const app of [t, other]) {
      const seen = await everywhere(app, follower, postId);
      for (const post of [seen.following, seen.everyone, seen.profile, seen.byId]) {
        expect(post?.video_hls_url).toMatch(new RegExp(`^/media/${videoId}/hls/master\\.m3u8\\?`));
        expect(post?.video_url).toMatch(new RegExp(`^/media/${videoId}/mp4\\?`));
        expect(post).not.toHaveProperty('video_state');
        expect(post).not.toHaveProperty('video_upload_id');
      }
      expect((await everywhere(app, stranger, postId)).everyone?.id).toBe(postId);
    }
  });
});

describe('a video post whose video failed', () => {
  let postId: number;

  beforeAll(async () => {
    const videoId = await storeVideo(t, author, {
      state: 'failed',
      error: 'This file is not a video we can play.',
    });
    postId = await storeVideoPost(t, author, videoId);
  });

  it('stays its author’s alone, with the reason', async () => {
    for (const app of [t, other]) {
      const seen = await everywhere(app, follower, postId);
      expect(Object.values(seen).every((post) => post === undefined)).toBe(true);
    }
    const own = await everywhere(t, author, postId);
    expect(own.profile).toMatchObject({
      video_state: 'failed',
      video_error: 'This file is not a video we can play.',
      video_url: null,
      video_hls_url: null,
    });
  });

  it('does not shorten the feed into an end: the next page still follows', async () => {
    // The author's newest post is the failed one: a first page of one holds nothing for others,
    // and its Link leads on to the post before it.
    const res = await t.request({
      method: 'GET',
      url: `/api/posts/user/${author.id}/?limit=1`,
      token: follower.access,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Post[]>()).toEqual([]);
    const next = /^<([^>]+)>; rel="next"$/.exec(String(res.headers.link))?.[1];
    expect(next).toBeDefined();
    const after = await list(t, follower, String(next));
    expect(after.map((post) => post.id)).not.toContain(postId);
    expect(after).toHaveLength(1);
  });
});

describe('a message attachment with a video', () => {
  let conversationId: number;

  beforeAll(async () => {
    conversationId = (await startConversation(t, author, follower)).id;
  });

  it('cannot be sent while processing or after failing', async () => {
    const processing = await storeVideo(t, author, {
      state: 'processing',
      context: 'message_attachment',
    });
    const failed = await storeVideo(t, author, {
      state: 'failed',
      context: 'message_attachment',
      error: 'This video is longer than 60 minutes.',
    });
    const waiting = await sendMessageRequest(t, author, conversationId, {
      text: 'look',
      uploaded_file_uuids: [processing],
    });
    expect(waiting.statusCode).toBe(400);
    expect(waiting.json().uploaded_file_uuids).toEqual([
      'A video is still being processed; send it once it is ready.',
    ]);
    const broken = await sendMessageRequest(t, author, conversationId, {
      text: 'look',
      uploaded_file_uuids: [failed],
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().uploaded_file_uuids).toEqual([
      'A video could not be processed; attach another file.',
    ]);
    const received = await listMessages(t, follower, conversationId);
    expect(received.filter((message) => message.text === 'look')).toEqual([]);
  });

  it('reaches the recipient playable once ready, its state for the sender only', async () => {
    const videoId = await storeVideo(t, author, { state: 'ready', context: 'message_attachment' });
    const sent = await sendMessage(t, author, conversationId, {
      text: 'a clip',
      uploaded_file_uuids: [videoId],
    });
    expect(sent.attachments[0]).toMatchObject({ id: videoId, video_state: 'ready' });
    const [received] = (await listMessages(t, follower, conversationId)).filter(
      (message) => message.id === sent.id,
    );
    const attachment = received?.attachments[0] as Record<string, unknown>;
    expect(attachment.video_hls_url).toMatch(new RegExp(`^/media/${videoId}/hls/master\\.m3u8\\?`));
    expect(attachment.video_url).toMatch(new RegExp(`^/media/${videoId}/mp4\\?`));
    expect(attachment).not.toHaveProperty('video_state');
    expect(
      (await t.request({ method: 'GET', url: String(attachment.video_hls_url) })).statusCode,
    ).toBe(200);
  });
});

describe("the owner's uploads and library", () => {
  it('say where each video is', async () => {
    const processing = await storeVideo(t, stranger, {
      state: 'processing',
      context: 'media',
      progress: 12,
    });
    const upload = await t.request({
      method: 'GET',
      url: `/api/uploads/${processing}/`,
      token: stranger.access,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toMatchObject({
      id: processing,
      is_video: true,
      video_state: 'processing',
      video_progress: 12,
      video_url: null,
      video_hls_url: null,
    });
    const library = await t.request({
      method: 'GET',
      url: '/api/library/',
      token: stranger.access,
    });
    expect(library.statusCode, library.body).toBe(200);
    const item = library
      .json<{ results: Record<string, unknown>[] }>()
      .results.find((entry) => entry.id === processing);
    expect(item).toMatchObject({
      mediaType: 'video',
      video_state: 'processing',
      video_progress: 12,
    });

    const renditions = await storeRenditions(t, stranger.id, processing);
    await setVideoState(t, processing, { state: 'ready', renditions });
    const after = await t.request({ method: 'GET', url: '/api/library/', token: stranger.access });
    const ready = after
      .json<{ results: Record<string, unknown>[] }>()
      .results.find((entry) => entry.id === processing);
    expect(ready).toMatchObject({ video_state: 'ready', video_progress: 100 });
    expect(ready?.video_hls_url).toMatch(new RegExp(`^/media/${processing}/hls/`));
  });
});
