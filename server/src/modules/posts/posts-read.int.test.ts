import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function feed(viewer: TestUser, query = '') {
  return t.request({ method: 'GET', url: `/api/posts/${query}`, token: viewer.access });
}

function postsOf(viewer: TestUser, idOrUsername: string | number) {
  return t.request({
    method: 'GET',
    url: `/api/posts/user/${idOrUsername}/`,
    token: viewer.access,
  });
}

describe('GET /api/posts/', () => {
  it('answers posts newest first, every author’s, marked for the viewer', async () => {
    const [alice, bob] = [await buildUser(t), await buildUser(t)];
    const first = await buildPost(t, alice, { content: 'first' });
    const second = await buildPost(t, bob, { content: 'second' });
    const third = await buildPost(t, alice, { content: 'third' });
    const res = await feed(bob);
    expect(res.statusCode).toBe(200);
    const mine = res
      .json()
      .filter((p: { id: number }) => [first.id, second.id, third.id].includes(p.id));
    expect(mine.map((p: { content: string }) => p.content)).toEqual(['third', 'second', 'first']);
    expect(mine.map((p: { can_delete: boolean }) => p.can_delete)).toEqual([false, true, false]);
  });

  it.each([
    ['51', { limit: ['limit must be at most 50.'] }],
    ['0', { limit: ['limit must be at least 1.'] }],
    ['-3', { limit: ['limit must be at least 1.'] }],
  ])('answers 400 for limit=%s', async (limit, body) => {
    const user = await buildUser(t);
    const res = await feed(user, `?limit=${limit}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(body);
  });

  it.each(['abc', '2.5'])('answers 400 for limit=%s', async (limit) => {
    const user = await buildUser(t);
    const res = await feed(user, `?limit=${limit}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ fields: object }>().fields)).toEqual(['limit']);
  });

  it.each([
    ['garbage', 'nope'],
    ['not base64url', '!!!!'],
    ['base64 of the wrong shape', Buffer.from('abc_1').toString('base64url')],
    ['base64 of a date only', Buffer.from('1700000000000').toString('base64url')],
  ])('answers 400 for a cursor that is %s', async (_, before) => {
    const user = await buildUser(t);
    const res = await feed(user, `?before=${encodeURIComponent(before)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ before: ['before is not a valid cursor.'] });
  });
});

describe('GET /api/posts/user/{idOrUsername}/', () => {
  it('answers only that user’s posts, newest first, by id or username', async () => {
    const [author, other] = [await buildUser(t), await buildUser(t)];
    const a1 = await buildPost(t, author, { content: 'a1' });
    await buildPost(t, other, { content: 'o1' });
    const a2 = await buildPost(t, author, { content: 'a2' });
    for (const key of [author.id, author.username, author.username.toUpperCase()]) {
      const res = await postsOf(other, key);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((p: { id: number }) => p.id)).toEqual([a2.id, a1.id]);
    }
  });

  it('answers an empty list for a user without posts', async () => {
    const [user, viewer] = [await buildUser(t), await buildUser(t)];
    const res = await postsOf(viewer, user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers.link).toBeUndefined();
  });

  it('answers 404 for a user that does not exist', async () => {
    const viewer = await buildUser(t);
    for (const key of ['nobody_at_all', '987654321']) {
      const res = await postsOf(viewer, key);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'User not found' });
    }
  });

  it('pages with a Link header', async () => {
    const [author, viewer] = [await buildUser(t), await buildUser(t)];
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await buildPost(t, author, { content: `p${i}` })).id);
    const first = await t.request({
      method: 'GET',
      url: `/api/posts/user/${author.username}/?limit=3`,
      token: viewer.access,
    });
    expect(first.json().map((p: { id: number }) => p.id)).toEqual(made.slice(2).reverse());
    const next = /^<([^>]+)>; rel="next"$/.exec(String(first.headers.link))?.[1];
    expect(next).toMatch(new RegExp(`^/api/posts/user/${author.username}/\\?limit=3&before=`));
    const second = await t.request({ method: 'GET', url: next!, token: viewer.access });
    expect(second.json().map((p: { id: number }) => p.id)).toEqual(made.slice(0, 2).reverse());
    expect(second.headers.link).toBeUndefined();
  });
});
