import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildCreator, quickUser, subscribe, topUp } from '../../../test/economy.ts';
import { buildPost, type TestUser } from '../../../test/factories.ts';
import { buildSecondInstance, type SecondInstance } from '../../../test/second-instance.ts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import { createAuthorPosts } from './author-posts.ts';
import { encodeCursor } from './cursor.ts';
import { createNewestPosts } from './newest-posts.ts';
import { presentPost } from './presenter.ts';
import * as repo from './repo.ts';
import { createViewerPages, type ViewerRows } from './viewer-page.ts';

/**
 * The everyone feed's first pages come from a window of the newest posts shared by all viewers,
 * with each viewer's unlocks and subscriptions laid over it. These tests hold it to the answer
 * the database gives for the same viewer, and to every change being seen at once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Shown = {
  id: number;
  user_id: number;
  content: string;
  is_locked: boolean;
  is_unlocked: boolean;
  requires_subscription: boolean;
};

const shown = ({ id, user_id, content, is_locked, is_unlocked, requires_subscription }: Shown) => ({
  id,
  user_id,
  content,
  is_locked,
  is_unlocked,
  requires_subscription,
});

/** `settle: false` skips waiting for the database's notices: only the writer's own word counts. */
async function everyonePage(
  viewer: TestUser,
  url: string,
  on: Pick<TestApp, 'request'> = t,
  settle = true,
) {
  const res = await on.request({ method: 'GET', url, token: viewer.access, settle });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['x-feed-source']).toBe(/source=(\w+)/.exec(url)?.[1]);
  const link = res.headers.link === undefined ? undefined : String(res.headers.link);
  return { posts: res.json<Shown[]>().map(shown), next: /^<([^>]+)>/.exec(link ?? '')?.[1] };
}

type Source = 'all' | 'following';

/** Every page through the API, following Link. */
async function walkApi(viewer: TestUser, source: Source, limit: number) {
  const all: ReturnType<typeof shown>[] = [];
  let url: string | undefined = `/api/posts/?source=${source}&limit=${limit}`;
  while (url) {
    const page = await everyonePage(viewer, url);
    all.push(...page.posts);
    url = page.next;
  }
  return all;
}

/** Every page straight from the database's feed queries, presented the same way. */
async function walkDatabase(viewer: TestUser, source: Source, limit: number) {
  const all: ReturnType<typeof shown>[] = [];
  const list = source === 'all' ? repo.listFeed : repo.listFollowingFeed;
  let cursor: Parameters<typeof repo.listFeed>[2];
  for (;;) {
    const rows = await list(t.db, viewer.id, cursor, limit);
    all.push(
      ...rows.map((row) => shown(presentPost(row, viewer.id, t.services.signer, undefined))),
    );
    const last = rows.at(-1);
    if (rows.length < limit || !last) return all;
    cursor = { createdAt: last.post.createdAt, id: last.post.id };
    // The same cursor the API hands out, read back.
    expect(encodeCursor(last.post)).toBeTruthy();
  }
}

describe('the shared window of newest posts', () => {
  it('answers every viewer exactly what the database answers them, past the window too', async () => {
    const open = await quickUser(t);
    const locked = await quickUser(t);
    const paid = await buildCreator(t, 499);
    const free = await buildCreator(t, 0);
    await t.pool.query(
      `UPDATE users SET is_profile_locked = true, profile_password_hash = 'x' WHERE id = $1`,
      [locked.id],
    );
    const authors = [open, locked, paid, free];
    // 1,100 posts (past the window of 1,000), every 4th locked, many sharing one instant.
    await t.pool.query(
      `INSERT INTO posts (author_id, content, type, is_locked, password_hash, created_at)
       SELECT ($1::bigint[])[1 + g % 4], 'window post ' || g, 'post', g % 4 = 1,
              CASE WHEN g % 4 = 1 THEN 'x' END,
              now() - interval '1 hour' - (g / 3) * interval '1 second'
         FROM generate_series(1, 1100) g`,
      [authors.map((a) => a.id)],
    );

    const stranger = await quickUser(t);
    const insider = await quickUser(t);
    await t.pool.query('INSERT INTO profile_unlocks (profile_id, viewer_id) VALUES ($1, $2)', [
      locked.id,
      insider.id,
    ]);
    await topUp(t, insider, '50.00');
    expect((await subscribe(t, insider, paid)).statusCode).toBe(201);
    await t.pool.query(
      `INSERT INTO post_unlocks (post_id, user_id)
       SELECT id, $1 FROM posts WHERE is_locked AND author_id = ANY($2::bigint[])`,
      [insider.id, [open.id, locked.id]],
    );

    for (const viewer of [stranger, insider, locked, paid]) {
      for (const limit of viewer === insider ? [20, 7, 50] : [50]) {
        const fromApi = await walkApi(viewer, 'all', limit);
        expect(fromApi.length).toBeGreaterThan(0);
        expect(fromApi).toEqual(await walkDatabase(viewer, 'all', limit));
      }
    }

    // Home feeds: a follower of two authors, a subscriber, someone following a locked profile.
    const follower = await quickUser(t);
    await t.pool.query(
      'INSERT INTO follows (follower_id, followee_id) VALUES ($1, $2), ($1, $3), ($4, $5)',
      [follower.id, open.id, free.id, insider.id, locked.id],
    );
    const outsider = await quickUser(t);
    await t.pool.query('INSERT INTO follows (follower_id, followee_id) VALUES ($1, $2)', [
      outsider.id,
      locked.id,
    ]);
    // More authors than are merged one by one: this feed is picked from the shared window.
    const wide = await quickUser(t);
    const quiet = await Promise.all(Array.from({ length: 60 }, () => quickUser(t)));
    await t.pool.query(
      `INSERT INTO follows (follower_id, followee_id)
       SELECT $1, unnest($2::bigint[])`,
      [wide.id, [open.id, paid.id, ...quiet.map((q) => q.id)]],
    );
    for (const viewer of [follower, insider, outsider, open, wide]) {
      for (const limit of [20, 50]) {
        const fromApi = await walkApi(viewer, 'following', limit);
        expect(fromApi).toEqual(await walkDatabase(viewer, 'following', limit));
      }
    }
    expect(new Set((await walkApi(follower, 'following', 50)).map((p) => p.user_id))).toEqual(
      new Set([open.id, free.id]),
    );
    expect(new Set((await walkApi(insider, 'following', 50)).map((p) => p.user_id))).toEqual(
      new Set([paid.id, locked.id]),
    );
    expect(await walkApi(outsider, 'following', 50)).toEqual([]);
    expect(new Set((await walkApi(wide, 'following', 50)).map((p) => p.user_id))).toEqual(
      new Set([open.id, paid.id]),
    );

    // The first pages came from memory, not from the database's fallback.
    const notices: ChangeNotices = {
      live: true,
      subscribe: () => () => undefined,
      announce: () => undefined,
      sync: async () => undefined,
      close: async () => undefined,
    };
    const firstPage = async (viewer: TestUser, source: Source) =>
      (await walkDatabase(viewer, source, 20)).slice(0, 20);
    const pages = createViewerPages(t.db, notices);
    const window = createNewestPosts(t.db, notices, pages);
    const perAuthor = createAuthorPosts(t.db, notices, pages);
    const kept = async (rows: Promise<ViewerRows | undefined>, viewer: TestUser) => {
      const page = await rows;
      expect(page).toBeDefined();
      return (page?.rows ?? []).map((row) =>
        shown(presentPost(row, viewer.id, t.services.signer, undefined)),
      );
    };
    expect(await kept(window.page(stranger.id, undefined, 20), stranger)).toEqual(
      await firstPage(stranger, 'all'),
    );
    const wideAuthors = new Set([wide.id, open.id, paid.id, ...quiet.map((q) => q.id)]);
    expect(await kept(window.page(wide.id, undefined, 20, wideAuthors), wide)).toEqual(
      await firstPage(wide, 'following'),
    );
    const insiderAuthors = new Set([insider.id, locked.id, paid.id]);
    expect(await kept(perAuthor.page(insider.id, undefined, 20, insiderAuthors), insider)).toEqual(
      await firstPage(insider, 'following'),
    );
    // The viewers did see different things: the locked profile's posts and the marks.
    const insiderSees = await walkApi(insider, 'all', 50);
    const strangerSees = await walkApi(stranger, 'all', 50);
    expect(insiderSees.some((p) => p.user_id === locked.id)).toBe(true);
    expect(strangerSees.some((p) => p.user_id === locked.id)).toBe(false);
    expect(insiderSees.some((p) => p.is_unlocked && p.content.startsWith('window post'))).toBe(
      true,
    );
    expect(strangerSees.find((p) => p.user_id === paid.id)?.requires_subscription).toBe(true);
    expect(insiderSees.find((p) => p.user_id === paid.id)?.requires_subscription).toBe(false);
  });

  it('shows a new post, a deletion and a profile lock on the very next request', async () => {
    const author = await quickUser(t);
    const viewer = await quickUser(t);
    for (let round = 0; round < 15; round += 1) {
      const post = await buildPost(t, author, { content: `round ${round}` });
      expect(
        (await everyonePage(viewer, '/api/posts/?source=all&limit=1', t, false)).posts[0]?.id,
      ).toBe(post.id);
      const deleted = await t.request({
        method: 'DELETE',
        url: `/api/posts/${post.id}/`,
        token: author.access,
        settle: false,
      });
      expect(deleted.statusCode).toBe(204);
      const after = await everyonePage(viewer, '/api/posts/?source=all&limit=5', t, false);
      expect(after.posts.map((p) => p.id)).not.toContain(post.id);
    }

    const kept = await buildPost(t, author, { content: 'before the lock' });
    expect(
      (await everyonePage(viewer, '/api/posts/?source=all&limit=1', t, false)).posts[0]?.id,
    ).toBe(kept.id);
    const lock = await t.request({
      method: 'PUT',
      url: '/api/auth/profile/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ is_profile_locked: true, profile_password: 'a profile password' }),
      token: author.access,
      settle: false,
    });
    expect(lock.statusCode, lock.body).toBe(200);
    const locked = await everyonePage(viewer, '/api/posts/?source=all&limit=50', t, false);
    expect(locked.posts.map((p) => p.user_id)).not.toContain(author.id);
  });

  it('changes a home feed on the very next request after a follow and an unfollow', async () => {
    const author = await quickUser(t);
    const viewer = await quickUser(t);
    const post = await buildPost(t, author, { content: 'to be followed' });
    const homeFeed = async () =>
      (await everyonePage(viewer, '/api/posts/?source=following&limit=5', t, false)).posts.map(
        (p) => p.id,
      );
    const follow = (method: 'POST' | 'DELETE') =>
      t.request({
        method,
        url: `/api/auth/users/${author.id}/follow/`,
        token: viewer.access,
        settle: false,
      });
    expect(await homeFeed()).toEqual([]);
    for (let round = 0; round < 10; round += 1) {
      expect((await follow('POST')).statusCode).toBe(200);
      expect(await homeFeed()).toEqual([post.id]);
      expect((await follow('DELETE')).statusCode).toBe(200);
      expect(await homeFeed()).toEqual([]);
    }
  });

  it('refuses a deleted account at once, though its token was just accepted', async () => {
    const user = await quickUser(t);
    const profile = () =>
      t.request({ method: 'GET', url: '/api/auth/profile/', token: user.access, settle: false });
    expect((await profile()).statusCode).toBe(200);
    const deleted = await t.request({
      method: 'POST',
      url: '/api/auth/account/delete/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ password: user.password }),
      token: user.access,
      settle: false,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await profile()).statusCode).toBe(401);
  });

  it('refuses the token of an account deleted with SQL once the notice is heard', async () => {
    const user = await quickUser(t);
    const profile = () =>
      t.request({ method: 'GET', url: '/api/auth/profile/', token: user.access });
    expect((await profile()).statusCode).toBe(200);
    await t.pool.query('DELETE FROM users WHERE id = $1', [user.id]);
    expect((await profile()).statusCode).toBe(401);
  });
});

describe('a second instance on the same database', () => {
  let second: SecondInstance;
  beforeAll(async () => {
    second = await buildSecondInstance(t);
  });
  afterAll(() => second.close());

  it('hears of posts and deleted accounts written through the first', async () => {
    const author = await quickUser(t);
    const viewer = await quickUser(t);
    // Both instances have read their window and seen the accounts.
    await everyonePage(viewer, '/api/posts/?source=all&limit=1', second);
    await everyonePage(viewer, '/api/posts/?source=all&limit=1');

    const post = await buildPost(t, author, { content: 'written through the first' });
    // The second instance's request waits until it has heard the database's notices.
    expect((await everyonePage(viewer, '/api/posts/?source=all&limit=1', second)).posts).toEqual([
      expect.objectContaining({ id: post.id }),
    ]);

    const profile = () =>
      second.request({ method: 'GET', url: '/api/auth/profile/', token: author.access });
    expect((await profile()).statusCode).toBe(200);
    await t.pool.query('DELETE FROM users WHERE id = $1', [author.id]);
    expect((await profile()).statusCode).toBe(401);
    const feed = await everyonePage(viewer, '/api/posts/?source=all&limit=5', second);
    expect(feed.posts.map((p) => p.id)).not.toContain(post.id);
  });
});
