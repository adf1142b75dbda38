import { lockProfile } from '../../../test/profiles.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildCreator, quickUser, subscribe } from '../../../test/economy.ts';
import { buildPost, type TestUser } from '../../../test/factories.ts';
import { allPages, followAs } from './feed-test-kit.ts';

/**
 * The composed home feed: the posts of the people the viewer follows and subscribes to, and
 * their own, newest first; everyone's recent posts when that holds nothing by others yet.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('keyset pages through Link', () => {
  // Its own database, so the everyone feed holds exactly the posts made here.
  let d: TestApp;
  let viewer: TestUser;
  let followingIds: number[];
  let allIds: number[];
  beforeAll(async () => {
    d = await buildTestApp();
    viewer = await quickUser(d);
    const followed = [await quickUser(d, true), await quickUser(d)];
    const subscribed = await buildCreator(d, 0);
    const locked = await quickUser(d, true);
    const strangers = [await quickUser(d, true), await quickUser(d)];
    for (const user of followed) await followAs(d, viewer, user);
    expect((await subscribe(d, viewer, subscribed)).statusCode).toBe(201);
    await followAs(d, viewer, locked);
    const authors = [...followed, subscribed, viewer, ...strangers, locked];
    const made: { id: number; author: number }[] = [];
    for (let i = 0; i < 56; i++) {
      const author = authors[i % authors.length]!;
      made.push({
        id: (await buildPost(d, author, { content: `post ${i}` })).id,
        author: author.id,
      });
    }
    await lockProfile(d, locked, 'locked password');
    // Some posts share one instant, so the id alone must order them.
    const tied = made.filter((_, i) => i % 3 === 0).map((p) => p.id);
    await d.pool.query(
      `UPDATE posts SET created_at = (SELECT max(created_at) FROM posts) + interval '1 minute'
        WHERE id = ANY($1)`,
      [tied],
    );
    const { rows } = await d.pool.query<{ id: string; author_id: string }>(
      'SELECT id, author_id FROM posts ORDER BY created_at DESC, id DESC',
    );
    const mine = new Set([...followed, subscribed, viewer].map((u) => u.id));
    followingIds = rows.filter((r) => mine.has(Number(r.author_id))).map((r) => Number(r.id));
    allIds = rows.filter((r) => Number(r.author_id) !== locked.id).map((r) => Number(r.id));
    expect(followingIds.length).toBeGreaterThan(20);
  });
  afterAll(() => d.close());

  it.each([1, 3, 7, 20, 50])(
    'the following feed visits each post once, newest first, with limit=%i',
    async (limit) => {
      const pages = await allPages(d, viewer, `/api/posts/?limit=${limit}`);
      expect(new Set(pages.map((p) => p.source))).toEqual(new Set(['following']));
      expect(pages.flatMap((p) => p.ids)).toEqual(followingIds);
      for (const page of pages.slice(0, -1)) expect(page.ids).toHaveLength(limit);
    },
  );

  it.each([1, 4, 20, 50])(
    'the everyone feed visits each post once, newest first, with limit=%i',
    async (limit) => {
      const pages = await allPages(d, viewer, `/api/posts/?source=all&limit=${limit}`);
      expect(new Set(pages.map((p) => p.source))).toEqual(new Set(['all']));
      expect(pages.flatMap((p) => p.ids)).toEqual(allIds);
    },
  );

  it('a fallback first page keeps paging everyone through its Link', async () => {
    const newcomer = await quickUser(d);
    const pages = await allPages(d, newcomer, '/api/posts/?limit=9');
    expect(pages[0]!.source).toBe('all');
    expect(pages[0]!.next).toMatch(/&source=all$/);
    expect(new Set(pages.map((p) => p.source))).toEqual(new Set(['all']));
    expect(pages.flatMap((p) => p.ids)).toEqual(allIds);
  });
});
