import { expect } from 'vitest';
import { type TestApp } from '../../../test/app.ts';
import { type TestUser } from '../../../test/factories.ts';

/** What this suite's test files share (each builds its own app; the calls take it from `app()`). */

type FeedPage = {
  ids: number[];
  authors: number[];
  source: string;
  next: string | undefined;
};

export async function feedOf(app: TestApp, viewer: TestUser, url = '/api/posts/?limit=50') {
  const res = await app.request({ method: 'GET', url, token: viewer.access });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ id: number; user_id: number }[]>();
  const link = res.headers.link === undefined ? undefined : String(res.headers.link);
  const next = link === undefined ? undefined : /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
  if (link !== undefined) expect(next, link).toBeDefined();
  const source = String(res.headers['x-feed-source']);
  // The Link to the next page keeps the source of this one.
  if (next) expect(next).toContain(`&source=${source}`);
  return {
    ids: body.map((p) => p.id),
    authors: body.map((p) => p.user_id),
    source,
    next,
  } satisfies FeedPage;
}

/** Follows Link from `url` to the end; answers every page. */
export async function allPages(app: TestApp, viewer: TestUser, url: string): Promise<FeedPage[]> {
  const pages: FeedPage[] = [];
  let current: string | undefined = url;
  while (current) {
    const page = await feedOf(app, viewer, current);
    pages.push(page);
    current = page.next;
    expect(pages.length).toBeLessThan(200);
  }
  return pages;
}

export function followAs(app: TestApp, viewer: TestUser, target: Pick<TestUser, 'id'>) {
  return app
    .request({ method: 'POST', url: `/api/auth/users/${target.id}/follow/`, token: viewer.access })
    .then((res) => expect(res.statusCode, res.body).toBe(200));
}

/** Moves posts back in time by `days` days (keeping their order among themselves). */
export async function age(app: TestApp, ids: number[], days: number) {
  await app.pool.query(
    `UPDATE posts SET created_at = created_at - make_interval(days => $2) WHERE id = ANY($1)`,
    [ids, days],
  );
}
