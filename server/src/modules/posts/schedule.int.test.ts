import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';

/*
 * Scheduled posts: a draft with publish_at is its author's alone (in their queue) until the job
 * publishes it; then it shows everywhere a post does, published once however many runs race.
 */
let t: TestApp;
let author: TestUser;
let follower: TestUser;
let stranger: TestUser;

type Post = { id: number; is_draft: boolean; publish_at?: string | null } & Record<string, unknown>;

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function create(user: TestUser, fields: Record<string, string>) {
  return t.request({
    method: 'POST',
    url: '/api/posts/',
    ...multipart({ fields, files: [] }),
    token: user.access,
  });
}

async function schedule(user: TestUser, content: string, publishAt = inMinutes(60)) {
  const res = await create(user, { content, publish_at: publishAt });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Post>();
}

function reschedule(user: TestUser, postId: number, publishAt: unknown) {
  return t.request({
    method: 'PATCH',
    url: `/api/posts/${postId}/schedule/`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ publish_at: publishAt }),
    token: user.access,
  });
}

async function list(user: TestUser, url: string): Promise<Post[]> {
  const res = await t.request({ method: 'GET', url, token: user.access });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Post[]>();
}

/** Every place a post shows, as `user` sees it. */
async function everywhere(user: TestUser, postId: number) {
  const has = (posts: Post[]) => posts.some((post) => post.id === postId);
  const byId = await t.request({ method: 'GET', url: `/api/posts/${postId}/`, token: user.access });
  return {
    following: has(await list(user, '/api/posts/?source=following&limit=50')),
    everyone: has(await list(user, '/api/posts/?source=all&limit=50')),
    profile: has(await list(user, `/api/posts/user/${author.id}/?limit=50`)),
    byId: byId.statusCode,
  };
}

/** Makes posts due now, as time passing would. */
async function makeDue(postIds: number[]) {
  await t.db.execute(
    sql`update posts set publish_at = now() - interval '1 second' where id in ${postIds}`,
  );
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

describe('a scheduled post', () => {
  it('is a draft its author alone sees, in the queue soonest first, until it is due', async () => {
    const later = await schedule(author, 'Later', inMinutes(120));
    const sooner = await schedule(author, 'Sooner', inMinutes(30));
    expect(later).toMatchObject({ is_draft: true });

    for (const viewer of [follower, stranger]) {
      expect(await everywhere(viewer, sooner.id)).toEqual({
        following: false,
        everyone: false,
        profile: false,
        byId: 404,
      });
    }
    const queue = await list(author, '/api/posts/scheduled/');
    expect(queue.map((post) => post.id)).toEqual([sooner.id, later.id]);
    expect(new Date(queue[0]?.publish_at ?? '').getTime()).toBeGreaterThan(Date.now());
    const drafts = await list(author, '/api/posts/drafts/');
    expect(drafts.find((post) => post.id === later.id)?.publish_at).toBe(queue[1]?.publish_at);
    // Not due yet: a run publishes nothing of it.
    await t.services.postSchedule.publishDue();
    expect((await everywhere(follower, sooner.id)).byId).toBe(404);
  });

  it('shows in every feed once it is due and the job ran, and leaves the queue', async () => {
    const post = await schedule(author, 'Good morning');
    await makeDue([post.id]);
    await t.services.postSchedule.publishDue();
    expect(await everywhere(follower, post.id)).toEqual({
      following: true,
      everyone: true,
      profile: true,
      byId: 200,
    });
    expect((await everywhere(stranger, post.id)).everyone).toBe(true);
    const queue = await list(author, '/api/posts/scheduled/');
    expect(queue.map((entry) => entry.id)).not.toContain(post.id);
  });

  it('is published once even when runs race', async () => {
    const due = await Promise.all(['One', 'Two', 'Three'].map((text) => schedule(author, text)));
    await makeDue(due.map((post) => post.id));
    const runs = await Promise.all([
      t.services.postSchedule.publishDue(),
      t.services.postSchedule.publishDue(),
    ]);
    // The app's own job may have taken some first; no post is ever counted twice.
    expect(runs[0] + runs[1]).toBeLessThanOrEqual(due.length);
    expect(await t.services.postSchedule.publishDue()).toBe(0);
    const feed = await list(follower, '/api/posts/?source=following&limit=50');
    for (const post of due) {
      expect(feed.filter((entry) => entry.id === post.id)).toHaveLength(1);
    }
  });

  it('can be rescheduled, unscheduled or published now by its author only', async () => {
    const post = await schedule(author, 'Movable');
    const moved = await reschedule(author, post.id, inMinutes(90));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(new Date(moved.json<Post>().publish_at ?? '').getTime()).toBeGreaterThan(
      Date.now() + 80 * 60_000,
    );

    expect((await reschedule(follower, post.id, inMinutes(10))).statusCode).toBe(404);

    const unscheduled = await reschedule(author, post.id, null);
    expect(unscheduled.json<Post>()).toMatchObject({ publish_at: null, is_draft: true });
    expect((await list(author, '/api/posts/scheduled/')).map((p) => p.id)).not.toContain(post.id);

    await reschedule(author, post.id, inMinutes(5));
    const now = await t.request({
      method: 'POST',
      url: `/api/posts/${post.id}/publish/`,
      token: author.access,
    });
    expect(now.statusCode, now.body).toBe(200);
    expect((await everywhere(follower, post.id)).byId).toBe(200);
    // A published post has no schedule to change.
    expect((await reschedule(author, post.id, inMinutes(5))).statusCode).toBe(409);
  });

  it('refuses times that are not in the future, too far ahead or not times, with a 400', async () => {
    const refused = [
      [new Date(Date.now() - 60_000).toISOString(), 'publish_at must be in the future.'],
      [inMinutes(60 * 24 * 400), 'publish_at can be at most 365 days ahead.'],
      ['tomorrow', 'publish_at must be a date and time (ISO 8601).'],
      ['2026-13-45T99:00:00Z', 'publish_at must be a date and time (ISO 8601).'],
    ] as const;
    for (const [publishAt, message] of refused) {
      const res = await create(author, { content: 'Bad time', publish_at: publishAt });
      expect(res.statusCode, publishAt).toBe(400);
      expect(res.json()).toMatchObject({ publish_at: [message] });
    }
    const post = await schedule(author, 'Fine');
    const bad = await reschedule(author, post.id, 'yesterday');
    expect(bad.statusCode).toBe(400);
    expect((await reschedule(author, post.id, 12)).statusCode).toBe(400);
    expect((await list(author, '/api/posts/drafts/')).map((p) => p.id)).toContain(post.id);
  });
});
