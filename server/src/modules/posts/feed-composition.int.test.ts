import { lockProfile } from '../../../test/profiles.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildCreator, quickUser, subscribe } from '../../../test/economy.ts';
import { buildPost, type TestUser } from '../../../test/factories.ts';
import { feedOf, allPages, followAs, age } from './feed-test-kit.ts';

/**
 * The composed home feed: the posts of the people the viewer follows and subscribes to, and
 * their own, newest first; everyone's recent posts when that holds nothing by others yet.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the following feed', () => {
  it("shows a followed creator's posts and not an unfollowed one's", async () => {
    const viewer = await quickUser(t);
    const [followed, stranger] = [await quickUser(t, true), await quickUser(t, true)];
    await followAs(t, viewer, followed);
    const mine = await buildPost(t, followed, { content: 'followed' });
    const theirs = await buildPost(t, stranger, { content: 'not followed, and newer' });
    const feed = await feedOf(t, viewer);
    expect(feed.source).toBe('following');
    expect(feed.ids).toEqual([mine.id]);
    expect(feed.ids).not.toContain(theirs.id);
  });

  it('drops the posts of someone once unfollowed', async () => {
    const viewer = await quickUser(t);
    const [a, b] = [await quickUser(t, true), await quickUser(t, true)];
    await followAs(t, viewer, a);
    await followAs(t, viewer, b);
    const [pa, pb] = [await buildPost(t, a), await buildPost(t, b)];
    expect((await feedOf(t, viewer)).ids).toEqual([pb.id, pa.id]);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/auth/users/${b.id}/follow/`,
      token: viewer.access,
    });
    expect(res.statusCode).toBe(200);
    const feed = await feedOf(t, viewer);
    expect(feed.source).toBe('following');
    expect(feed.ids).toEqual([pa.id]);
  });

  it('includes the posts of creators the viewer subscribes to without following', async () => {
    const viewer = await quickUser(t);
    const creator = await buildCreator(t, 0);
    const before = await buildPost(t, creator, { content: 'before subscribing' });
    expect((await subscribe(t, viewer, creator)).statusCode).toBe(201);
    const after = await buildPost(t, creator, { content: 'after subscribing' });
    await buildPost(t, await quickUser(t, true), { content: 'noise' });
    const feed = await feedOf(t, viewer);
    expect(feed.source).toBe('following');
    expect(feed.ids).toEqual([after.id, before.id]);
  });

  it('leaves out a creator whose subscription has expired', async () => {
    const viewer = await quickUser(t);
    const [creator, followed] = [await buildCreator(t, 0), await quickUser(t, true)];
    const sub = await subscribe(t, viewer, creator);
    expect(sub.statusCode).toBe(201);
    await followAs(t, viewer, followed);
    const [pc, pf] = [await buildPost(t, creator), await buildPost(t, followed)];
    expect((await feedOf(t, viewer)).ids).toEqual([pf.id, pc.id]);
    await t.pool.query(
      `UPDATE subscriptions SET status = 'expired', expired_at = now() WHERE id = $1`,
      [sub.json().id],
    );
    expect((await feedOf(t, viewer)).ids).toEqual([pf.id]);
  });

  it("includes the viewer's own posts among those of the people they follow", async () => {
    const viewer = await quickUser(t, true);
    const followed = await quickUser(t, true);
    await followAs(t, viewer, followed);
    const own1 = await buildPost(t, viewer, { content: 'mine 1' });
    const theirs = await buildPost(t, followed, { content: 'theirs' });
    const own2 = await buildPost(t, viewer, { content: 'mine 2' });
    const feed = await feedOf(t, viewer);
    expect(feed.source).toBe('following');
    expect(feed.ids).toEqual([own2.id, theirs.id, own1.id]);
    expect(feed.authors).toEqual([viewer.id, followed.id, viewer.id]);
  });

  it('keeps a locked profile out until the viewer unlocks it', async () => {
    const viewer = await quickUser(t);
    const [locked, open] = [await quickUser(t, true), await quickUser(t, true)];
    await followAs(t, viewer, locked);
    await followAs(t, viewer, open);
    const hidden = await buildPost(t, locked, { content: 'behind the lock' });
    const shown = await buildPost(t, open, { content: 'open' });
    await lockProfile(t, locked, 'the lock password');
    const feed = await feedOf(t, viewer);
    expect(feed.source).toBe('following');
    expect(feed.ids).toEqual([shown.id]);
    // Nor does the everyone feed show it.
    expect((await feedOf(t, viewer, '/api/posts/?source=all&limit=50')).ids).not.toContain(
      hidden.id,
    );
    const unlock = await t.request({
      method: 'POST',
      url: `/api/auth/users/${locked.username}/unlock/`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ password: 'the lock password' }),
      token: viewer.access,
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
    expect((await feedOf(t, viewer)).ids).toEqual([shown.id, hidden.id]);
    // Another follower who has not unlocked it still does not see it.
    const other = await quickUser(t);
    await followAs(t, other, locked);
    await followAs(t, other, open);
    expect((await feedOf(t, other)).ids).toEqual([shown.id]);
  });

  it('a viewer following only a locked profile falls back to everyone, still without it', async () => {
    const viewer = await quickUser(t);
    const locked = await quickUser(t, true);
    await followAs(t, viewer, locked);
    const hidden = await buildPost(t, locked);
    await lockProfile(t, locked, 'another password');
    const newest = await buildPost(t, await quickUser(t, true));
    const feed = await feedOf(t, viewer);
    expect(feed.source).toBe('all');
    expect(feed.ids[0]).toBe(newest.id);
    expect(feed.ids).not.toContain(hidden.id);
  });

  it('finds the old posts of 5 followed creators behind many newer posts of others', async () => {
    const viewer = await quickUser(t);
    const followed = [];
    const oldIds: number[] = [];
    for (let i = 0; i < 5; i++) {
      const creator = await quickUser(t, true);
      followed.push(creator);
      await followAs(t, viewer, creator);
      for (let j = 0; j < 2; j++) oldIds.push((await buildPost(t, creator)).id);
    }
    // A year ago, creator by creator, so the expected order is the order they were made in.
    await age(t, oldIds, 365);
    const busy = await quickUser(t, true);
    for (let i = 0; i < 60; i++) await buildPost(t, busy, { content: `recent ${i}` });
    const feed = await feedOf(t, viewer, '/api/posts/?limit=20');
    expect(feed.source).toBe('following');
    expect(feed.ids).toEqual([...oldIds].reverse());
    expect(feed.next).toBeUndefined();
  });

  it('pages exactly through authors of very different activity', async () => {
    const viewer = await quickUser(t);
    const authors = [await quickUser(t, true), await quickUser(t), await quickUser(t, true)];
    for (const author of authors) await followAs(t, viewer, author);
    // One busy author and two quiet ones whose posts fall between and after the busy one's.
    const minutesAgo: [TestUser, number][] = [
      ...Array.from({ length: 12 }, (_, i): [TestUser, number] => [authors[0]!, i * 10]),
      [authors[1]!, 35],
      [authors[1]!, 36],
      [authors[2]!, 5],
      [authors[2]!, 500],
      [viewer, 95],
    ];
    const expected: number[] = [];
    for (const [author, minutes] of minutesAgo) {
      const { id } = await buildPost(t, author, { content: `${minutes} minutes ago` });
      await t.pool.query(
        `UPDATE posts SET created_at = now() - make_interval(mins => $2) WHERE id = $1`,
        [id, minutes],
      );
      expected.push(id);
    }
    const byAge = new Map(expected.map((id, i) => [id, minutesAgo[i]![1]]));
    expected.sort((a, b) => byAge.get(a)! - byAge.get(b)!);
    for (const limit of [1, 2, 3, 5, 50]) {
      const pages = await allPages(t, viewer, `/api/posts/?limit=${limit}`);
      expect(
        pages.flatMap((p) => p.ids),
        `limit=${limit}`,
      ).toEqual(expected);
    }
  });

  it('source=following stays on the following feed even when it holds only own posts', async () => {
    const viewer = await quickUser(t);
    const own = await buildPost(t, viewer);
    await buildPost(t, await quickUser(t, true));
    const feed = await feedOf(t, viewer, '/api/posts/?source=following');
    expect(feed.source).toBe('following');
    expect(feed.ids).toEqual([own.id]);
  });

  it('source=all shows everyone to a viewer who follows people', async () => {
    const viewer = await quickUser(t);
    const followed = await quickUser(t, true);
    await followAs(t, viewer, followed);
    await buildPost(t, followed);
    const stranger = await buildPost(t, await quickUser(t, true));
    const feed = await feedOf(t, viewer, '/api/posts/?source=all');
    expect(feed.source).toBe('all');
    expect(feed.ids[0]).toBe(stranger.id);
  });

  it.each(['everyone', 'FOLLOWING', ''])('answers 400 for source=%s', async (source) => {
    const viewer = await quickUser(t);
    const res = await t.request({
      method: 'GET',
      url: `/api/posts/?source=${source}`,
      token: viewer.access,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ source: ['source must be following or all.'] });
  });

  it('answers 400, never a 5xx, for a cursor no post could have made', async () => {
    const viewer = await quickUser(t);
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    // A time past the year 9999, and other shapes a cursor never has.
    for (const before of [b64('999999999999999_1'), b64('253402300800000_1'), 'abc', b64('1_')]) {
      for (const url of [
        `/api/posts/?before=${before}`,
        `/api/posts/?source=following&before=${before}`,
        `/api/posts/?source=all&before=${before}`,
        `/api/posts/user/${viewer.id}/?before=${before}`,
      ]) {
        const res = await t.request({ method: 'GET', url, token: viewer.access });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ before: ['before is not a valid cursor.'] });
      }
    }
    // The last instant with a four-digit year is a valid cursor: everything is before it.
    const own = await buildPost(t, viewer);
    const res = await feedOf(
      t,
      viewer,
      `/api/posts/?source=following&before=${b64('253402300799999_1')}`,
    );
    expect(res.ids).toEqual([own.id]);
  });
});

describe('the fallback to everyone', () => {
  it('gives a new user with no follows the newest posts of everyone, marked source all', async () => {
    const viewer = await quickUser(t);
    const [a, b] = [await quickUser(t, true), await quickUser(t)];
    const pa = await buildPost(t, a);
    const pb = await buildPost(t, b);
    const res = await t.request({ method: 'GET', url: '/api/posts/', token: viewer.access });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-feed-source']).toBe('all');
    const ids = res.json().map((p: { id: number }) => p.id);
    expect(ids.slice(0, 2)).toEqual([pb.id, pa.id]);
    const { rows } = await t.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM posts p JOIN users u ON u.id = p.author_id
        WHERE NOT u.is_profile_locked`,
    );
    expect(ids).toHaveLength(Math.min(20, rows[0]!.n));
  });

  it('gives a user who has only their own posts the everyone feed on the first page', async () => {
    const viewer = await quickUser(t, true);
    const own = await buildPost(t, viewer);
    const other = await buildPost(t, await quickUser(t, true));
    const feed = await feedOf(t, viewer);
    expect(feed.source).toBe('all');
    expect(feed.ids.slice(0, 2)).toEqual([other.id, own.id]);
  });

  it('gives the everyone feed to a viewer whose follows have never posted', async () => {
    const viewer = await quickUser(t);
    await followAs(t, viewer, await quickUser(t, true));
    const other = await buildPost(t, await quickUser(t, true));
    const feed = await feedOf(t, viewer);
    expect(feed.source).toBe('all');
    expect(feed.ids[0]).toBe(other.id);
  });

  it('switches to the following feed as soon as a followed creator posts', async () => {
    const viewer = await quickUser(t);
    const creator = await quickUser(t, true);
    await followAs(t, viewer, creator);
    await buildPost(t, await quickUser(t, true));
    expect((await feedOf(t, viewer)).source).toBe('all');
    const post = await buildPost(t, creator);
    const feed = await feedOf(t, viewer);
    expect(feed.source).toBe('following');
    expect(feed.ids).toEqual([post.id]);
  });
});
