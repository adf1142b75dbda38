import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { posts } from '../../db/schema/index.ts';

// Its own database: the feed here holds exactly the posts these tests make.
let t: TestApp;
let viewer: TestUser;
let madeIds: number[];
beforeAll(async () => {
  t = await buildTestApp();
  viewer = await buildUser(t);
  const authors = [await buildUser(t), await buildUser(t), viewer];
  madeIds = [];
  for (let i = 0; i < 45; i++) {
    const post = await buildPost(t, authors[i % authors.length]!, { content: `post ${i}` });
    madeIds.push(post.id);
  }
});
afterAll(() => t.close());

type Page = { ids: number[]; createdAt: string[]; next: string | undefined };

async function page(url: string): Promise<Page> {
  const res = await t.request({ method: 'GET', url, token: viewer.access });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { id: number; created_at: string }[];
  const link = res.headers.link === undefined ? undefined : String(res.headers.link);
  const next = link === undefined ? undefined : /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
  if (link !== undefined) expect(next).toBeDefined();
  return { ids: body.map((p) => p.id), createdAt: body.map((p) => p.created_at), next };
}

/** Follows `Link: rel="next"` from `url` to the end; answers every page. */
async function allPages(url: string): Promise<Page[]> {
  const pages: Page[] = [];
  let current: string | undefined = url;
  while (current) {
    const got = await page(current);
    pages.push(got);
    current = got.next;
    expect(pages.length).toBeLessThan(100);
  }
  return pages;
}

/** Newest first: created_at descending, then id descending. */
function expectNewestFirst(items: { id: number; createdAt: string }[]) {
  for (let i = 1; i < items.length; i++) {
    const [a, b] = [items[i - 1]!, items[i]!];
    const order = a.createdAt === b.createdAt ? a.id > b.id : a.createdAt > b.createdAt;
    expect(order, `${JSON.stringify(a)} before ${JSON.stringify(b)}`).toBe(true);
  }
}

describe('GET /api/posts/ pages', () => {
  it('answers 20 by default and visits every post exactly once through Link', async () => {
    const pages = await allPages('/api/posts/');
    expect(pages.map((p) => p.ids.length)).toEqual([20, 20, 5]);
    expect(pages[0]!.next).toMatch(/^\/api\/posts\/\?limit=20&before=[\w-]+&source=all$/);
    const ids = pages.flatMap((p) => p.ids);
    expect(ids).toEqual([...madeIds].reverse());
    expectNewestFirst(
      pages.flatMap((p) => p.ids.map((id, i) => ({ id, createdAt: p.createdAt[i]! }))),
    );
  });

  it.each([1, 7, 15, 44, 45, 50])('visits every post exactly once with limit=%i', async (limit) => {
    const pages = await allPages(`/api/posts/?limit=${limit}`);
    const ids = pages.flatMap((p) => p.ids);
    expect(ids).toEqual([...madeIds].reverse());
    for (const p of pages.slice(0, -1)) expect(p.ids).toHaveLength(limit);
    if (limit > 45) expect(pages).toHaveLength(1);
  });

  it('keeps its place when new posts arrive between pages', async () => {
    const first = await page('/api/posts/?limit=10');
    const newcomer = await buildPost(t, viewer, { content: 'arrived between pages' });
    const rest = await allPages(first.next!);
    const ids = [...first.ids, ...rest.flatMap((p) => p.ids)];
    expect(ids).toEqual([...madeIds].reverse());
    expect(ids).not.toContain(newcomer.id);
    const fresh = await page('/api/posts/?limit=1');
    expect(fresh.ids).toEqual([newcomer.id]);
    madeIds.push(newcomer.id);
  });

  it('orders posts made in the same millisecond by id and skips none of them', async () => {
    const author = await buildUser(t);
    const at = new Date(Date.now() + 60_000);
    const rows = await t.db
      .insert(posts)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          authorId: author.id,
          content: `tie ${i}`,
          createdAt: at,
        })),
      )
      .returning({ id: posts.id });
    const tied = rows.map((row) => row.id).sort((a, b) => b - a);

    const pages = await allPages('/api/posts/?limit=7');
    const ids = pages.flatMap((p) => p.ids);
    expect(ids).toEqual([...tied, ...[...madeIds].reverse()]);
    expect(new Set(ids).size).toBe(ids.length);

    const byAuthor = await allPages(`/api/posts/user/${author.id}/?limit=4`);
    expect(byAuthor.flatMap((p) => p.ids)).toEqual(tied);
  });
});
