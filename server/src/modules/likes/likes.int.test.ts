import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block } from '../../../test/blocks.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { lockProfile, unlockProfile } from '../../../test/profiles.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function like(user: Pick<TestUser, 'access'> | undefined, postId: number | string) {
  return t.request({
    method: 'PUT',
    url: `/api/posts/${postId}/like/`,
    ...(user ? { token: user.access } : {}),
  });
}

function unlike(user: Pick<TestUser, 'access'>, postId: number) {
  return t.request({ method: 'DELETE', url: `/api/posts/${postId}/like/`, token: user.access });
}

/** The kept count and the like rows, which must always agree. */
async function likeState(postId: number) {
  const { rows } = await t.pool.query<{ count: number; rows: number }>(
    `SELECT like_count AS count, (SELECT count(*)::int FROM post_likes WHERE post_id = $1) AS rows
       FROM posts WHERE id = $1`,
    [postId],
  );
  return rows[0];
}

type Listed = { id: number; like_count: number; comment_count: number; liked_by_me: boolean };

async function feedPost(viewer: TestUser, postId: number, url = '/api/posts/?source=all') {
  const res = await t.request({ method: 'GET', url, token: viewer.access });
  expect(res.statusCode).toBe(200);
  return res.json<Listed[]>().find((post) => post.id === postId);
}

type Notice = { id: number; notification_type: string; message: string; is_read: boolean };

async function likeNotices(user: TestUser) {
  const res = await t.request({ method: 'GET', url: '/api/notifications/', token: user.access });
  expect(res.statusCode).toBe(200);
  return res.json<Notice[]>().filter((n) => n.notification_type === 'like');
}

describe('PUT and DELETE /api/posts/{id}/like/', () => {
  it('likes and unlikes idempotently, and every list shows the count and the viewer like', async () => {
    const [author, fan, other] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const post = await buildPost(t, author);

    expect((await like(fan, post.id)).json()).toEqual({ liked: true, like_count: 1 });
    expect((await like(fan, post.id)).json()).toEqual({ liked: true, like_count: 1 });
    expect(await feedPost(fan, post.id)).toMatchObject({ like_count: 1, liked_by_me: true });
    expect(await feedPost(other, post.id)).toMatchObject({
      like_count: 1,
      comment_count: 0,
      liked_by_me: false,
    });
    expect(await feedPost(fan, post.id, `/api/posts/user/${author.id}/`)).toMatchObject({
      like_count: 1,
      liked_by_me: true,
    });

    expect((await unlike(fan, post.id)).json()).toEqual({ liked: false, like_count: 0 });
    expect((await unlike(fan, post.id)).json()).toEqual({ liked: false, like_count: 0 });
    expect(await feedPost(fan, post.id)).toMatchObject({ like_count: 0, liked_by_me: false });
    expect(await likeState(post.id)).toEqual({ count: 0, rows: 0 });
  });

  it('counts 50 parallel likes by one user once', async () => {
    const [author, fan] = [await buildUser(t), await buildUser(t)];
    const post = await buildPost(t, author);
    const answers = await Promise.all(Array.from({ length: 50 }, () => like(fan, post.id)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    expect(await likeState(post.id)).toEqual({ count: 1, rows: 1 });
    expect(await likeNotices(author)).toHaveLength(1);
  });

  it('counts parallel likes by 50 users 50 times, in one batched notice', async () => {
    const author = await buildUser(t);
    const post = await buildPost(t, author);
    const fans = await Promise.all(Array.from({ length: 50 }, () => buildUser(t)));
    const answers = await Promise.all(fans.map((fan) => like(fan, post.id)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    expect(await likeState(post.id)).toEqual({ count: 50, rows: 50 });
    const notices = await likeNotices(author);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toMatch(/^user_\w+ and 49 others liked your post$/);
  });

  it('refuses what the viewer may not see as absent, and bad input with 4xx', async () => {
    const [author, fan] = [await buildUser(t), await buildUser(t)];
    const post = await buildPost(t, author);
    expect((await like(undefined, post.id)).statusCode).toBe(401);
    expect((await like(fan, 'abc')).statusCode).toBe(400);
    expect((await like(fan, 999_999_999)).statusCode).toBe(404);

    await t.pool.query('UPDATE posts SET is_draft = true WHERE id = $1', [post.id]);
    expect((await like(fan, post.id)).statusCode).toBe(404);
    expect((await like(author, post.id)).statusCode).toBe(404);
    await t.pool.query('UPDATE posts SET is_draft = false WHERE id = $1', [post.id]);

    const blocked = await buildUser(t);
    await block(t, author, blocked);
    expect((await like(blocked, post.id)).statusCode).toBe(404);
    const blocker = await buildUser(t);
    await block(t, blocker, author);
    expect((await like(blocker, post.id)).statusCode).toBe(404);

    const suspended = await buildUser(t);
    const hiddenPost = await buildPost(t, suspended);
    await t.pool.query('UPDATE users SET suspended_at = now() WHERE id = $1', [suspended.id]);
    expect((await like(fan, hiddenPost.id)).statusCode).toBe(404);
    expect(await likeState(post.id)).toEqual({ count: 0, rows: 0 });
  });

  it('needs a locked profile unlocked, but not a subscription or a post password', async () => {
    const [owner, creator, fan] = [
      await buildUser(t),
      await buildUser(t, { isCreator: true }),
      await buildUser(t),
    ];
    const onLockedProfile = await buildPost(t, owner);
    await lockProfile(t, owner);
    expect((await like(fan, onLockedProfile.id)).statusCode).toBe(404);
    await unlockProfile(t, fan, owner);
    expect((await like(fan, onLockedProfile.id)).statusCode).toBe(200);

    await t.pool.query('UPDATE users SET subscription_price_cents = 499 WHERE id = $1', [
      creator.id,
    ]);
    const subscribersOnly = await buildPost(t, creator, { content: 'for subscribers' });
    const passworded = await buildPost(t, creator, { content: 'secret', password: 'letmein' });
    expect((await like(fan, subscribersOnly.id)).json()).toEqual({ liked: true, like_count: 1 });
    expect((await like(fan, passworded.id)).json()).toEqual({ liked: true, like_count: 1 });
    // The counts show; the content stays gated.
    const shown = await feedPost(fan, subscribersOnly.id);
    expect(shown).toMatchObject({ like_count: 1, liked_by_me: true, content: '' });
  });
});

describe('like notifications', () => {
  it('batches one unread notice per post, updated in place; never for your own like or an unlike', async () => {
    const author = await buildUser(t);
    const [luna, max, sol] = [
      await buildUser(t, { username: `luna_${Date.now()}` }),
      await buildUser(t),
      await buildUser(t),
    ];
    const post = await buildPost(t, author);
    const other = await buildPost(t, author);

    await like(author, post.id);
    expect(await likeNotices(author)).toEqual([]);

    await like(max, post.id);
    await like(luna, post.id);
    let notices = await likeNotices(author);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toBe(`${luna.username} and 1 other liked your post`);
    const first = notices[0]?.id;

    await unlike(luna, post.id);
    expect((await likeNotices(author))[0]?.message).toBe(
      `${luna.username} and 1 other liked your post`,
    );

    await like(sol, other.id);
    notices = await likeNotices(author);
    expect(notices.map((n) => n.message)).toContain(`${sol.username} liked your post`);
    expect(notices).toHaveLength(2);

    await t.request({
      method: 'POST',
      url: `/api/notifications/${first}/mark_read/`,
      token: author.access,
    });
    await like(luna, post.id);
    notices = await likeNotices(author);
    expect(notices).toHaveLength(3);
    expect(notices[0]).toMatchObject({
      message: `${luna.username} liked your post`,
      is_read: false,
    });
  });
});

describe('GET /api/posts/liked/', () => {
  it('lists the posts the viewer liked, newest like first, in keyset pages, still visible only', async () => {
    const [fan, a, b] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const posts = [
      await buildPost(t, a, { content: 'one' }),
      await buildPost(t, b, { content: 'two' }),
      await buildPost(t, a, { content: 'three' }),
    ];
    // Liked in the order two, three, one: newest like first is one, three, two.
    for (const index of [1, 2, 0]) {
      const post = posts[index];
      if (post) expect((await like(fan, post.id)).statusCode).toBe(200);
    }
    const first = await t.request({
      method: 'GET',
      url: '/api/posts/liked/?limit=2',
      token: fan.access,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json<Listed[]>().map((post) => post.id)).toEqual([posts[0]?.id, posts[2]?.id]);
    expect(first.json<Listed[]>()[0]).toMatchObject({ liked_by_me: true, like_count: 1 });
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    const second = await t.request({ method: 'GET', url: String(next), token: fan.access });
    expect(second.json<Listed[]>().map((post) => post.id)).toEqual([posts[1]?.id]);

    await block(t, b, fan);
    const after = await t.request({ method: 'GET', url: '/api/posts/liked/', token: fan.access });
    expect(after.json<Listed[]>().map((post) => post.id)).toEqual([posts[0]?.id, posts[2]?.id]);

    const bad = await t.request({
      method: 'GET',
      url: '/api/posts/liked/?before=nope',
      token: fan.access,
    });
    expect(bad.statusCode).toBe(400);
  });
});
