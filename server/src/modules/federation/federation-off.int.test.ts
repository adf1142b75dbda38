import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildCreator } from '../../../test/economy.ts';
import { buildPost, type TestUser } from '../../../test/factories.ts';
import { AP_ACCEPT, getAp } from './federation-test-kit.ts';

/** `FEDERATION=false` (issue 36): Fedify is not built, and every path of it answers 404. */
let t: TestApp;
let creator: TestUser;
let postId: number;

beforeAll(async () => {
  t = await buildTestApp({ FEDERATION: 'false' });
  creator = await buildCreator(t, 0);
  postId = (await buildPost(t, creator, { content: 'public words' })).id;
});

afterAll(async () => {
  await t.close();
});

it('answers 404 on every federation path', async () => {
  const paths = [
    `/.well-known/webfinger?resource=acct:${creator.username}@zura.test`,
    '/.well-known/nodeinfo',
    '/nodeinfo/2.1',
    `/ap/users/${creator.id}`,
    `/ap/users/${creator.id}/outbox`,
    `/ap/users/${creator.id}/followers`,
    `/ap/posts/${postId}`,
    `/ap/media/users/${creator.id}/avatar`,
    `/ap/media/posts/${postId}/0`,
  ];
  for (const path of paths) {
    const res = await getAp(t, path);
    expect(res.statusCode, path).toBe(404);
    expect(res.body, path).not.toContain(creator.username);
  }
  const inbox = await t.request({
    method: 'POST',
    url: '/ap/inbox',
    headers: { 'content-type': 'application/activity+json' },
    payload: '{"type":"Follow"}',
  });
  expect(inbox.statusCode).toBe(404);
});

it('serves the profile page, not an actor, and no Atom feed', async () => {
  const profile = await getAp(t, `/profile/${creator.username}`, AP_ACCEPT);
  expect(profile.headers['content-type']).not.toContain('activity+json');
  const feed = await t.request({ method: 'GET', url: `/profile/${creator.username}/feed.atom` });
  expect(feed.headers['content-type']).not.toContain('atom');
  expect(feed.body).not.toContain('public words');
  const { rows } = await t.pool.query('SELECT count(*)::int AS n FROM actor_keys');
  expect(rows[0]?.n).toBe(0);
});
