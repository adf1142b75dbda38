import type { PresentedPost } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block, blockRequest } from '../../../test/blocks.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { lockProfile, unlockProfile } from '../../../test/profiles.ts';
import { buildSecondInstance, type SecondInstance } from '../../../test/second-instance.ts';
import { fewestStatementsDuring } from '../../../test/statements.ts';

let t: TestApp;
let other: SecondInstance;
beforeAll(async () => {
  t = await buildTestApp();
  other = await buildSecondInstance(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Instance = Pick<TestApp, 'request'>;

async function feed(on: Instance, viewer: TestUser): Promise<PresentedPost[]> {
  const res = await on.request({
    method: 'GET',
    url: '/api/posts/?limit=50',
    token: viewer.access,
  });
  expect(res.statusCode).toBe(200);
  return res.json<PresentedPost[]>();
}

describe('kept viewer facts on the home feed', () => {
  it('serves a page of kept posts without a database round trip once the viewer is known', async () => {
    const author = await buildUser(t);
    await buildPost(t, author, { content: 'kept once' });
    const viewer = await buildUser(t);
    await t.services.changes.sync();
    // The first request reads the window and the viewer's facts; the next ones read nothing.
    expect((await feed(t, viewer)).some((post) => post.user_id === author.id)).toBe(true);
    const sent = await fewestStatementsDuring(t, async () => {
      for (let i = 0; i < 3; i += 1) {
        const res = await t.request({
          method: 'GET',
          url: '/api/posts/',
          token: viewer.access,
          settle: false,
        });
        expect(res.statusCode).toBe(200);
      }
    });
    expect(sent).toEqual([]);
  });

  it('shows a like made on another instance at once: the mark and the count', async () => {
    const author = await buildUser(t);
    const post = await buildPost(t, author, { content: 'liked elsewhere' });
    const viewer = await buildUser(t);
    const before = (await feed(other, viewer)).find((p) => p.id === post.id);
    expect(before).toMatchObject({ liked_by_me: false, like_count: 0 });
    const liked = await t.request({
      method: 'PUT',
      url: `/api/posts/${post.id}/like/`,
      token: viewer.access,
    });
    expect(liked.statusCode).toBe(200);
    expect((await feed(other, viewer)).find((p) => p.id === post.id)).toMatchObject({
      liked_by_me: true,
      like_count: 1,
    });
    // Another viewer's kept facts see the count, not the mark.
    const stranger = await buildUser(t);
    expect((await feed(other, stranger)).find((p) => p.id === post.id)).toMatchObject({
      liked_by_me: false,
      like_count: 1,
    });
    await t.request({ method: 'DELETE', url: `/api/posts/${post.id}/like/`, token: viewer.access });
    expect((await feed(other, viewer)).find((p) => p.id === post.id)).toMatchObject({
      liked_by_me: false,
      like_count: 0,
    });
  });

  it('hides an author at once after a block either way, and shows them again after it ends', async () => {
    const author = await buildUser(t);
    const post = await buildPost(t, author, { content: 'blocked elsewhere' });
    const viewer = await buildUser(t);
    const ids = async () => (await feed(other, viewer)).map((p) => p.id);
    expect(await ids()).toContain(post.id);
    await block(t, author, viewer);
    expect(await ids()).not.toContain(post.id);
    expect((await blockRequest(t, author, viewer.id, 'DELETE')).statusCode).toBe(200);
    expect(await ids()).toContain(post.id);
    await block(t, viewer, author);
    expect(await ids()).not.toContain(post.id);
  });

  it('hides a suspended author from every viewer at once, also when suspended by SQL', async () => {
    const author = await buildUser(t);
    const post = await buildPost(t, author, { content: 'suspended elsewhere' });
    const viewer = await buildUser(t);
    expect((await feed(other, viewer)).map((p) => p.id)).toContain(post.id);
    await t.pool.query('update users set suspended_at = now() where id = $1', [author.id]);
    expect((await feed(other, viewer)).map((p) => p.id)).not.toContain(post.id);
    await t.pool.query('update users set suspended_at = null where id = $1', [author.id]);
    expect((await feed(other, viewer)).map((p) => p.id)).toContain(post.id);
  });

  it('follows a profile unlock, and forgets it when the owner sets a new password', async () => {
    const owner = await buildUser(t);
    const post = await buildPost(t, owner, { content: 'behind the profile password' });
    await lockProfile(t, owner);
    const viewer = await buildUser(t);
    const ids = async () => (await feed(other, viewer)).map((p) => p.id);
    expect(await ids()).not.toContain(post.id);
    await unlockProfile(t, viewer, owner);
    expect(await ids()).toContain(post.id);
    await lockProfile(t, owner, 'a new password');
    expect(await ids()).not.toContain(post.id);
  });

  it("serves a profile's posts from what is kept, and sees a block and a lock from another instance", async () => {
    const author = await buildUser(t);
    const post = await buildPost(t, author, { content: 'on the profile' });
    const viewer = await buildUser(t);
    const url = `/api/posts/user/${author.username}/`;
    const profile = (on: Instance) => on.request({ method: 'GET', url, token: viewer.access });
    expect((await profile(t)).json<PresentedPost[]>().map((p) => p.id)).toEqual([post.id]);
    // The writes' notices drop what is kept when they arrive: once they are in, it stays.
    await t.services.changes.sync();
    const sent = await fewestStatementsDuring(t, async () => {
      const res = await t.request({ method: 'GET', url, token: viewer.access, settle: false });
      expect(res.json<PresentedPost[]>().map((p) => p.id)).toEqual([post.id]);
    });
    expect(sent).toEqual([]);

    expect((await profile(other)).statusCode).toBe(200);
    await block(t, author, viewer);
    expect((await profile(other)).statusCode).toBe(404);
    expect((await blockRequest(t, author, viewer.id, 'DELETE')).statusCode).toBe(200);
    expect((await profile(other)).json<PresentedPost[]>().map((p) => p.id)).toEqual([post.id]);
    await lockProfile(t, author);
    expect((await profile(other)).json<PresentedPost[]>()).toEqual([]);
    const single = await other.request({
      method: 'GET',
      url: `/api/posts/${post.id}/`,
      token: viewer.access,
    });
    expect(single.statusCode).toBe(404);
  });

  it('serves a recent post page from what is kept, and sees a like, a block and a lock from another instance', async () => {
    const author = await buildUser(t);
    const post = await buildPost(t, author, { content: 'a shared link' });
    const viewer = await buildUser(t);
    const url = `/api/posts/${post.id}/`;
    const single = (on: Instance) => on.request({ method: 'GET', url, token: viewer.access });
    expect((await single(t)).json<PresentedPost>()).toMatchObject({ id: post.id, like_count: 0 });
    // The writes' notices drop what is kept when they arrive: once they are in, it stays.
    await t.services.changes.sync();
    const sent = await fewestStatementsDuring(t, async () => {
      const res = await t.request({ method: 'GET', url, token: viewer.access, settle: false });
      expect(res.json<PresentedPost>().id).toBe(post.id);
    });
    expect(sent).toEqual([]);

    const liked = await t.request({ method: 'PUT', url: `${url}like/`, token: viewer.access });
    expect(liked.statusCode).toBe(200);
    expect((await single(other)).json<PresentedPost>()).toMatchObject({
      liked_by_me: true,
      like_count: 1,
    });
    await block(t, viewer, author);
    expect((await single(other)).statusCode).toBe(404);
    expect((await blockRequest(t, viewer, author.id, 'DELETE')).statusCode).toBe(200);
    expect((await single(other)).statusCode).toBe(200);
    await lockProfile(t, author);
    expect((await single(other)).statusCode).toBe(404);
    await unlockProfile(t, viewer, author);
    expect((await single(other)).json<PresentedPost>().id).toBe(post.id);
  });
});
