import { messages } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { lockProfile, unlockProfile } from '../../../test/profiles.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function follow(user: Pick<TestUser, 'access'> | undefined, id: number | string) {
  return t.request({
    method: 'POST',
    url: `/api/auth/users/${id}/follow/`,
    ...(user ? { token: user.access } : {}),
  });
}

function unfollow(user: Pick<TestUser, 'access'> | undefined, id: number | string) {
  return t.request({
    method: 'DELETE',
    url: `/api/auth/users/${id}/follow/`,
    ...(user ? { token: user.access } : {}),
  });
}

/** The stored count and the stored rows, which must always agree. */
async function followState(followee: Pick<TestUser, 'id'>) {
  const { rows } = await t.pool.query<{ count: number; rows: number }>(
    `SELECT followers_count AS count,
            (SELECT count(*)::int FROM follows WHERE followee_id = $1) AS rows
       FROM users WHERE id = $1`,
    [followee.id],
  );
  return rows[0];
}

async function followNotifications(user: TestUser) {
  const res = await t.request({ method: 'GET', url: '/api/notifications/', token: user.access });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const list = (Array.isArray(body) ? body : body.results) as {
    notification_type: string;
    message: string;
    data: Record<string, unknown>;
  }[];
  return list.filter((n) => n.notification_type === 'follow');
}

function viewProfile(viewer: TestUser, id: number) {
  return t.request({ method: 'GET', url: `/api/auth/users/${id}/`, token: viewer.access });
}

describe('POST /api/auth/users/{id}/follow/', () => {
  it('follows and answers the new followers count', async () => {
    const [fan, creator] = [await buildUser(t), await buildUser(t, { isCreator: true })];
    const res = await follow(fan, creator.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ following: true, followers: 1 });
    expect(await followState(creator)).toEqual({ count: 1, rows: 1 });
  });

  it('is idempotent: following again changes nothing', async () => {
    const [fan, creator] = [await buildUser(t), await buildUser(t, { isCreator: true })];
    expect((await follow(fan, creator.id)).json()).toEqual({ following: true, followers: 1 });
    const again = await follow(fan, creator.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ following: true, followers: 1 });
    expect(await followState(creator)).toEqual({ count: 1, rows: 1 });
  });

  it('moves the count once per follower, even for requests sent together', async () => {
    const creator = await buildUser(t, { isCreator: true });
    const fans = [await buildUser(t), await buildUser(t), await buildUser(t)];
    // Each fan sends five follows at once; only the first of each may count.
    const answers = await Promise.all(
      fans.flatMap((fan) => Array.from({ length: 5 }, () => follow(fan, creator.id))),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json().following).toBe(true);
    }
    expect(await followState(creator)).toEqual({ count: 3, rows: 3 });
    expect((await viewProfile(fans[0]!, creator.id)).json().followers).toBe(3);
  });

  it('tells the followee once, however often the follow is repeated', async () => {
    const [fan, creator] = [await buildUser(t), await buildUser(t, { isCreator: true })];
    await Promise.all([follow(fan, creator.id), follow(fan, creator.id)]);
    await follow(fan, creator.id);
    const notes = await followNotifications(creator);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toContain(fan.username);
    expect(notes[0]!.data).toMatchObject({ sender_id: fan.id, sender_username: fan.username });
    // The follower hears nothing of their own follow.
    expect(await followNotifications(fan)).toEqual([]);
  });

  it('tells the followee once across follow, unfollow and follow again within a day', async () => {
    const [fan, other, creator] = [
      await buildUser(t),
      await buildUser(t),
      await buildUser(t, { isCreator: true }),
    ];
    for (let i = 0; i < 3; i++) {
      expect((await follow(fan, creator.id)).statusCode).toBe(200);
      expect((await unfollow(fan, creator.id)).statusCode).toBe(200);
    }
    await follow(fan, creator.id);
    // Another follower is still news.
    await follow(other, creator.id);
    expect((await followNotifications(creator)).map((n) => n.data.sender_id)).toEqual([
      other.id,
      fan.id,
    ]);
    // A day after the last notice, following again is news again.
    await unfollow(fan, creator.id);
    await t.pool.query(
      `UPDATE notifications SET created_at = now() - interval '25 hours'
        WHERE user_id = $1 AND type = 'follow'`,
      [creator.id],
    );
    await follow(fan, creator.id);
    const senders = (await followNotifications(creator)).map((n) => n.data.sender_id);
    expect(senders.filter((id) => id === fan.id)).toHaveLength(2);
  });
  it('lets anyone follow a user who is not a creator', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    expect((await follow(a, b.id)).json()).toEqual({ following: true, followers: 1 });
  });

  it('answers 400 for oneself, and nothing is stored or sent', async () => {
    const user = await buildUser(t, { isCreator: true });
    for (const res of [await follow(user, user.id), await unfollow(user, user.id)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'You cannot follow yourself.' });
    }
    expect(await followState(user)).toEqual({ count: 0, rows: 0 });
    expect(await followNotifications(user)).toEqual([]);
  });

  it('answers 404 for a user that does not exist', async () => {
    const user = await buildUser(t);
    const { rows } = await t.pool.query<{ id: string }>(
      'SELECT coalesce(max(id), 0) + 1000 AS id FROM users',
    );
    const missing = Number(rows[0]!.id);
    for (const res of [await follow(user, missing), await unfollow(user, missing)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'User not found' });
    }
    const { rows: stored } = await t.pool.query('SELECT 1 FROM follows WHERE follower_id = $1', [
      user.id,
    ]);
    expect(stored).toEqual([]);
  });

  it.each(['0', '007', '9007199254740993'])(
    'answers 400 for the id %s, never a 5xx',
    async (id) => {
      const user = await buildUser(t);
      const res = await follow(user, id);
      expect(res.statusCode).toBe(400);
      expect(res.json().idOrUsername).toContain('Not a valid user id.');
    },
  );

  it('takes a username as the other /auth/users/ paths do; any other text is nobody', async () => {
    const user = await buildUser(t);
    const creator = await buildUser(t, { isCreator: true });
    const res = await follow(user, creator.username);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ following: true });
    for (const key of ['abc_nobody_here', '-3', '1.5']) {
      const missing = await follow(user, key);
      expect(missing.statusCode, key).toBe(404);
      expect(missing.json()).toMatchObject({ detail: 'User not found' });
    }
    const tooLong = await follow(user, 'x'.repeat(65));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().idOrUsername).toContain('Not a valid username.');
  });

  it('requires a signed-in user', async () => {
    const creator = await buildUser(t, { isCreator: true });
    for (const res of [
      await follow(undefined, creator.id),
      await unfollow(undefined, creator.id),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ detail: messages.authRequired });
    }
    const bad = await t.request({
      method: 'POST',
      url: `/api/auth/users/${creator.id}/follow/`,
      token: 'not-a-token',
    });
    expect(bad.statusCode).toBe(401);
    expect(await followState(creator)).toEqual({ count: 0, rows: 0 });
  });
});

describe('DELETE /api/auth/users/{id}/follow/', () => {
  it('unfollows and the count goes back down, once', async () => {
    const creator = await buildUser(t, { isCreator: true });
    const [a, b] = [await buildUser(t), await buildUser(t)];
    await follow(a, creator.id);
    await follow(b, creator.id);
    const res = await unfollow(a, creator.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ following: false, followers: 1 });
    const again = await unfollow(a, creator.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ following: false, followers: 1 });
    expect(await followState(creator)).toEqual({ count: 1, rows: 1 });
  });

  it('unfollowing someone never followed is harmless and keeps the count', async () => {
    const creator = await buildUser(t, { isCreator: true });
    const [a, b] = [await buildUser(t), await buildUser(t)];
    await follow(a, creator.id);
    const res = await unfollow(b, creator.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ following: false, followers: 1 });
  });

  it('many follows and unfollows sent together leave the count equal to the rows', async () => {
    const creator = await buildUser(t, { isCreator: true });
    const fans = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    await Promise.all(
      fans.flatMap((fan, i) => [
        follow(fan, creator.id),
        i % 2 === 0 ? unfollow(fan, creator.id) : follow(fan, creator.id),
        follow(fan, creator.id),
      ]),
    );
    const state = await followState(creator);
    expect(state!.count).toBe(state!.rows);
    // Every fan's last request was a follow, but requests sent together may land in any order;
    // what must hold is the count agreeing with the stored follows, and the settled state below.
    await Promise.all(fans.map((fan) => follow(fan, creator.id)));
    expect(await followState(creator)).toEqual({ count: 4, rows: 4 });
  });
});

describe('the followers count of a locked profile', () => {
  it('is left out of the follow and unfollow answers until the caller unlocks the profile', async () => {
    const owner = await buildUser(t, { isCreator: true });
    const [fan, other] = [await buildUser(t), await buildUser(t)];
    await follow(other, owner.id);
    await lockProfile(t, owner);

    const followed = await follow(fan, owner.id);
    expect(followed.statusCode).toBe(200);
    expect(followed.json()).toEqual({ following: true });
    const unfollowed = await unfollow(fan, owner.id);
    expect(unfollowed.statusCode).toBe(200);
    expect(unfollowed.json()).toEqual({ following: false });
    // The same rule as the profile page, which shows this fan no count either.
    expect((await viewProfile(fan, owner.id)).json()).not.toHaveProperty('followers');

    await unlockProfile(t, fan, owner);
    expect((await follow(fan, owner.id)).json()).toEqual({ following: true, followers: 2 });
    expect((await unfollow(fan, owner.id)).json()).toEqual({ following: false, followers: 1 });
  });
});

describe('is_following', () => {
  it('is shown on GET /api/auth/users/{id}/ for creators and other users, and follows changes', async () => {
    const viewer = await buildUser(t);
    const creator = await buildUser(t, { isCreator: true });
    const plain = await buildUser(t);
    for (const target of [creator, plain]) {
      const before = (await viewProfile(viewer, target.id)).json();
      expect(before).toMatchObject({ is_following: false, followers: 0 });
      await follow(viewer, target.id);
      const after = (await viewProfile(viewer, target.id)).json();
      expect(after).toMatchObject({ is_following: true, followers: 1 });
      // Another viewer does not follow them.
      const other = await buildUser(t);
      expect((await viewProfile(other, target.id)).json()).toMatchObject({
        is_following: false,
        followers: 1,
      });
      await unfollow(viewer, target.id);
      expect((await viewProfile(viewer, target.id)).json()).toMatchObject({
        is_following: false,
        followers: 0,
      });
    }
  });

  it('takes a followed creator out of GET /api/auth/users/discover/', async () => {
    // A fresh app: discover lists up to ten creators with posts, and these must be among them.
    const d = await buildTestApp();
    try {
      const viewer = await buildUser(d);
      const followed = await buildUser(d, { isCreator: true });
      const notFollowed = await buildUser(d, { isCreator: true });
      for (const creator of [followed, notFollowed]) await buildPost(d, creator);
      const discover = async () =>
        (
          await d.request({ method: 'GET', url: '/api/auth/users/discover/', token: viewer.access })
        ).json<{ id: number; is_following: boolean; followers: number }[]>();
      expect((await discover()).map((p) => p.id).sort()).toEqual(
        [followed.id, notFollowed.id].sort(),
      );
      const res = await d.request({
        method: 'POST',
        url: `/api/auth/users/${followed.id}/follow/`,
        token: viewer.access,
      });
      expect(res.statusCode).toBe(200);
      const list = await discover();
      expect(list.map((p) => p.id)).toEqual([notFollowed.id]);
      expect(list[0]).toMatchObject({ is_following: false, followers: 0 });
    } finally {
      await d.close();
    }
  });
});
