import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block } from '../../../test/blocks.ts';
import { buildCreator, tip, topUp } from '../../../test/economy.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { mp4, png } from '../../../test/media.ts';
import { videoIdOfPost } from '../../../test/renditions.ts';
import { waitForVideo } from '../../../test/video.ts';
import { multipart } from '../../../test/multipart.ts';

/*
 * Drafts: saved with is_draft, their author's alone everywhere (feeds, profile, by id, tips,
 * reports) until published, when they become a post made now, on top of the feeds. PATCH edits
 * an own post's text, draft or published, and a published post keeps its place.
 */
let t: TestApp;
let author: TestUser;
let follower: TestUser;
let stranger: TestUser;

type Post = { id: number; content: string; created_at: string; is_draft: boolean } & Record<
  string,
  unknown
>;

function saveDraft(user: TestUser, fields: Record<string, string>, withImage?: Buffer) {
  return t.request({
    method: 'POST',
    url: '/api/posts/',
    ...multipart({
      fields: { is_draft: 'true', ...fields },
      files: withImage
        ? [{ name: 'media', filename: 'photo.png', content: withImage, type: 'image/png' }]
        : [],
    }),
    token: user.access,
  });
}

async function draft(user: TestUser, content: string): Promise<Post> {
  const res = await saveDraft(user, { content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Post>();
}

async function list(user: TestUser, url: string): Promise<Post[]> {
  const res = await t.request({ method: 'GET', url, token: user.access });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Post[]>();
}

const ids = (posts: Post[]) => posts.map((post) => post.id);

/** Every place a post shows, as `user` sees it. */
async function everywhere(user: TestUser, postId: number) {
  const has = (posts: Post[]) => ids(posts).includes(postId);
  const byId = await t.request({ method: 'GET', url: `/api/posts/${postId}/`, token: user.access });
  return {
    following: has(await list(user, '/api/posts/?source=following&limit=50')),
    everyone: has(await list(user, '/api/posts/?source=all&limit=50')),
    profile: has(await list(user, `/api/posts/user/${author.id}/?limit=50`)),
    byId: byId.statusCode,
  };
}

function patch(user: TestUser, postId: number | string, payload: unknown) {
  return t.request({
    method: 'PATCH',
    url: `/api/posts/${postId}/`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
    token: user.access,
  });
}

function publish(user: TestUser, postId: number | string) {
  return t.request({ method: 'POST', url: `/api/posts/${postId}/publish/`, token: user.access });
}

beforeAll(async () => {
  t = await buildTestApp();
  [author, follower, stranger] = [await buildUser(t), await buildUser(t), await buildUser(t)];
  const res = await t.request({
    method: 'POST',
    url: `/api/auth/users/${author.id}/follow/`,
    token: follower.access,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
});
afterAll(() => t.close());

describe('a draft', () => {
  it('is its author’s alone: in no feed, profile or lookup by id of anyone else', async () => {
    await buildPost(t, author, { content: 'Published before the draft' });
    const saved = await draft(author, 'Half a thought');
    expect(saved).toMatchObject({ content: 'Half a thought', is_draft: true, can_delete: true });

    for (const viewer of [follower, stranger]) {
      expect(await everywhere(viewer, saved.id)).toEqual({
        following: false,
        everyone: false,
        profile: false,
        byId: 404,
      });
    }
    // The author reaches it by id and in the drafts list, not in feeds or their profile.
    expect(await everywhere(author, saved.id)).toEqual({
      following: false,
      everyone: false,
      profile: false,
      byId: 200,
    });
    expect(ids(await list(author, '/api/posts/drafts/'))).toContain(saved.id);
  });

  it('cannot be unlocked, reported or tipped on by others, who are told it does not exist', async () => {
    const saved = await draft(author, 'Secret plans');
    const unlock = await t.request({
      method: 'POST',
      url: `/api/posts/${saved.id}/unlock/`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
      token: stranger.access,
    });
    expect(unlock.statusCode).toBe(404);
    const report = await t.request({
      method: 'POST',
      url: '/api/reports/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ target_type: 'post', target_id: saved.id, reason: 'spam' }),
      token: stranger.access,
    });
    expect(report.statusCode, report.body).toBe(404);
  });

  it('keeps its media for its author only, with the media URL in the author’s list alone', async () => {
    const res = await saveDraft(author, { content: '', media_type: 'image' }, await png());
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<Post & { image?: string }>();
    expect(saved.image).toMatch(/^\/media\//);
    const fromList = (await list(author, '/api/posts/drafts/')).find((p) => p.id === saved.id);
    expect(fromList?.image).toMatch(/^\/media\//);
    const others = await t.request({
      method: 'GET',
      url: `/api/posts/${saved.id}/`,
      token: follower.access,
    });
    expect(others.statusCode).toBe(404);
    expect(others.body).not.toContain('/media/');
  });

  it('may hold a video, which transcodes while it waits and plays once published', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/posts/',
      ...multipart({
        fields: { is_draft: 'true', content: 'Clip for later', media_type: 'video' },
        files: [{ name: 'media', filename: 'clip.mp4', content: await mp4(), type: 'video/mp4' }],
      }),
      token: author.access,
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<Post>();
    expect(saved).toMatchObject({ is_draft: true, video_state: 'processing' });
    expect(await waitForVideo(t, await videoIdOfPost(t, saved.id))).toMatchObject({
      videoState: 'ready',
    });
    // Ready, but still a draft: nobody else sees it.
    expect((await everywhere(follower, saved.id)).byId).toBe(404);
    const listed = (await list(author, '/api/posts/drafts/')).find((p) => p.id === saved.id);
    expect(listed).toMatchObject({ video_state: 'ready', video_hls_url: expect.any(String) });
    expect((await publish(author, saved.id)).statusCode).toBe(200);
    const seen = await t.request({
      method: 'GET',
      url: `/api/posts/${saved.id}/`,
      token: follower.access,
    });
    expect(seen.json()).toMatchObject({ type: 'video', video_hls_url: expect.any(String) });
  });

  it('lists newest first, only the caller’s own, page by page through Link', async () => {
    const mine = await buildUser(t);
    const first = await draft(mine, 'first');
    const second = await draft(mine, 'second');
    const third = await draft(mine, 'third');
    await draft(stranger, 'not theirs');
    await buildPost(t, mine, { content: 'published, not a draft' });
    const page = await t.request({
      method: 'GET',
      url: '/api/posts/drafts/?limit=2',
      token: mine.access,
    });
    expect(page.statusCode).toBe(200);
    expect(ids(page.json<Post[]>())).toEqual([third.id, second.id]);
    const next = /<([^>]+)>; rel="next"/.exec(String(page.headers.link))?.[1];
    expect(next).toBeDefined();
    expect(ids(await list(mine, String(next)))).toEqual([first.id]);
  });

  it('answers an empty list to someone without drafts', async () => {
    expect(await list(await buildUser(t), '/api/posts/drafts/')).toEqual([]);
  });
});

describe('tipping on a draft', () => {
  it('answers as for a missing post until the draft is published', async () => {
    const creator = await buildCreator(t, 0);
    const fan = await buildUser(t);
    await topUp(t, fan, '20.00');
    const saved = await draft(creator, 'A draft to tip on');
    const refused = await tip(t, fan, creator, '5.00', { post_id: saved.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ detail: 'Post not found.' });
    expect((await publish(creator, saved.id)).statusCode).toBe(200);
    const accepted = await tip(t, fan, creator, '5.00', { post_id: saved.id });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });
});

describe('publishing a draft', () => {
  it('makes it a post made now, on top of every feed, seen by everyone', async () => {
    const saved = await draft(author, 'Ready at last');
    await buildPost(t, author, { content: 'Written after the draft' });
    const res = await publish(author, saved.id);
    expect(res.statusCode, res.body).toBe(200);
    const published = res.json<Post>();
    expect(published.is_draft).toBe(false);
    expect(Date.parse(published.created_at)).toBeGreaterThan(Date.parse(saved.created_at));

    const feed = await list(follower, '/api/posts/?source=following&limit=50');
    expect(feed[0]?.id).toBe(saved.id);
    expect((await list(stranger, '/api/posts/?source=all&limit=50'))[0]?.id).toBe(saved.id);
    expect((await list(stranger, `/api/posts/user/${author.id}/`))[0]?.id).toBe(saved.id);
    expect(ids(await list(author, '/api/posts/drafts/'))).not.toContain(saved.id);
    const byId = await t.request({
      method: 'GET',
      url: `/api/posts/${saved.id}/`,
      token: stranger.access,
    });
    expect(byId.json()).toMatchObject({ id: saved.id, content: 'Ready at last' });
  });

  it('happens once: a published post is a conflict, someone else’s draft is not found', async () => {
    const saved = await draft(author, 'Once');
    const results = await Promise.all([publish(author, saved.id), publish(author, saved.id)]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect((await publish(author, saved.id)).json()).toMatchObject({
      detail: 'This post is already published.',
    });
    const other = await draft(author, 'Still mine');
    expect((await publish(stranger, other.id)).statusCode).toBe(404);
    expect((await publish(author, 999_999_999)).statusCode).toBe(404);
    expect((await publish(author, 'abc')).statusCode).toBe(400);
  });
});

describe('editing a post', () => {
  it('changes a draft’s text, trimmed', async () => {
    const saved = await draft(author, 'typo hre');
    const res = await patch(author, saved.id, { content: '  typo here  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: saved.id, content: 'typo here', is_draft: true });
  });

  it('keeps a published post in its place in the feeds', async () => {
    const older = await buildPost(t, author, { content: 'older' });
    const newer = await buildPost(t, author, { content: 'newer' });
    const res = await patch(author, older.id, { content: 'older, edited' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Post>().created_at).toBe(older.created_at);
    const feed = ids(await list(follower, `/api/posts/user/${author.id}/?limit=50`));
    expect(feed.indexOf(newer.id)).toBeLessThan(feed.indexOf(older.id));
    const shown = (await list(follower, `/api/posts/user/${author.id}/?limit=50`)).find(
      (post) => post.id === older.id,
    );
    expect(shown?.content).toBe('older, edited');
  });

  it('is the author’s alone: 403 for a post the caller sees, 404 for one they do not', async () => {
    const published = await buildPost(t, author, { content: 'mine' });
    expect((await patch(stranger, published.id, { content: 'hijacked' })).json()).toMatchObject({
      detail: 'You can only change your own posts.',
    });
    const hidden = await draft(author, 'my draft');
    expect((await patch(stranger, hidden.id, { content: 'x' })).statusCode).toBe(404);
    // A block hides the author's posts as if absent.
    const blocker = await buildUser(t);
    await block(t, blocker, author);
    expect((await patch(blocker, published.id, { content: 'x' })).statusCode).toBe(404);
    expect(
      (await list(author, `/api/posts/user/${author.id}/?limit=50`)).map((p) => p.content),
    ).not.toContain('hijacked');
  });

  it('refuses empty, too long or mistyped text with a message naming the field', async () => {
    const saved = await draft(author, 'text');
    const empty = await patch(author, saved.id, { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      content: ['Write something or attach an image or a video.'],
    });
    const long = await patch(author, saved.id, { content: 'x'.repeat(5001) });
    expect(long.json()).toMatchObject({ content: ['Posts can be at most 5000 characters long.'] });
    const wrongType = await patch(author, saved.id, { content: 5 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ content: ['content must be text.'] });
    expect((await patch(author, saved.id, {})).statusCode).toBe(400);
    expect((await patch(author, 'abc', { content: 'x' })).statusCode).toBe(400);
  });

  it('lets a media post lose its text: the placeholder takes its place', async () => {
    const res = await saveDraft(author, { content: 'caption', media_type: 'image' }, await png());
    const saved = res.json<Post>();
    const edited = await patch(author, saved.id, { content: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Post>().content).toBe('Posted an image');
  });

  it('asks for a signed-in caller before anything else', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: '/api/posts/abc/',
      headers: { 'content-type': 'application/json' },
      payload: 'not json',
    });
    expect(res.statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/posts/drafts/' })).statusCode).toBe(401);
  });
});

describe('is_draft on creation', () => {
  it('takes only true or false', async () => {
    const res = await saveDraft(author, { content: 'x', is_draft: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ is_draft: ['is_draft must be true or false.'] });
    const plain = await saveDraft(author, { content: 'not a draft', is_draft: 'false' });
    expect(plain.json<Post>().is_draft).toBe(false);
  });
});
