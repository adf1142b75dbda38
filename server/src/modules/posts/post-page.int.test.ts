import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block } from '../../../test/blocks.ts';
import { setPrice } from '../../../test/economy.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { png, waitForVariants } from '../../../test/media.ts';
import { lockProfile, unlockProfile } from '../../../test/profiles.ts';

/*
 * GET /api/posts/:id/: the post a shared link opens, exactly as the feed shows it to this
 * viewer; a post they may not know of answers 404 as a missing one does.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function byId(viewer: TestUser | undefined, postId: number | string) {
  return t.request({
    method: 'GET',
    url: `/api/posts/${postId}/`,
    ...(viewer ? { token: viewer.access } : {}),
  });
}

async function fromFeed(viewer: TestUser, postId: number) {
  const res = await t.request({
    method: 'GET',
    url: '/api/posts/?source=all&limit=50',
    token: viewer.access,
  });
  return res.json<{ id: number }[]>().find((post) => post.id === postId);
}

const NOT_FOUND = { detail: 'Post not found.' };

describe('one post by id', () => {
  it('is the feed’s copy of the post for this viewer', async () => {
    const author = await buildUser(t);
    const fan = await buildUser(t);
    const post = await buildPost(t, author, {
      content: 'Shared link',
      media: { content: await png(), type: 'image' },
    });
    // Both answers once the image's sizes are made: until then they name the original, and
    // the job may finish between the two requests (seen in CI on a busy machine).
    const uploadId = /^\/media\/([0-9a-f-]{36})\//.exec(String(post.image))?.[1] ?? '';
    await waitForVariants(t, uploadId, ['feed', 'thumb']);
    const res = await byId(fan, post.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(await fromFeed(fan, post.id));
    expect(res.json()).toMatchObject({
      content: 'Shared link',
      is_draft: false,
      can_delete: false,
    });
  });

  it('keeps a locked or subscriber-only post’s content out, as the feed does', async () => {
    const author = await buildUser(t, { isCreator: true });
    const fan = await buildUser(t);
    const locked = await buildPost(t, author, { content: 'Locked words', password: 'hunter22' });
    const lockedRes = await byId(fan, locked.id);
    expect(lockedRes.json()).toMatchObject({ content: '', is_locked: true, is_unlocked: false });
    expect(lockedRes.body).not.toContain('Locked words');

    await setPrice(t, author, 499);
    const gated = await buildPost(t, author, {
      content: 'Subscribers only',
      media: { content: await png(), type: 'image' },
    });
    const gatedRes = await byId(fan, gated.id);
    expect(gatedRes.json()).toMatchObject({ content: '', requires_subscription: true });
    expect(gatedRes.body).not.toContain('/media/');
    expect(gatedRes.json()).toEqual(await fromFeed(fan, gated.id));
  });

  it('answers 404 across a block, either way, and for a suspended author', async () => {
    const author = await buildUser(t);
    const blocker = await buildUser(t);
    const blocked = await buildUser(t);
    const post = await buildPost(t, author, { content: 'Hidden by blocks' });
    await block(t, blocker, author);
    await block(t, author, blocked);
    expect((await byId(blocker, post.id)).json()).toMatchObject(NOT_FOUND);
    expect((await byId(blocked, post.id)).json()).toMatchObject(NOT_FOUND);

    const viewer = await buildUser(t);
    expect((await byId(viewer, post.id)).statusCode).toBe(200);
    await t.pool.query('UPDATE users SET suspended_at = now() WHERE id = $1', [author.id]);
    expect((await byId(viewer, post.id)).statusCode).toBe(404);
    // The suspended author still sees their own post.
    expect((await byId(author, post.id)).statusCode).toBe(200);
  });

  it('answers 404 for a locked profile’s post until the viewer unlocks the profile', async () => {
    const author = await buildUser(t);
    const viewer = await buildUser(t);
    const post = await buildPost(t, author, { content: 'Behind the profile lock' });
    await lockProfile(t, author);
    const before = await byId(viewer, post.id);
    expect(before.statusCode).toBe(404);
    expect(before.body).not.toContain('Behind the profile lock');
    await unlockProfile(t, viewer, author);
    expect((await byId(viewer, post.id)).json()).toMatchObject({
      content: 'Behind the profile lock',
    });
  });

  it('answers 404 for a missing post, 400 for a malformed id, 401 to nobody', async () => {
    const viewer = await buildUser(t);
    expect((await byId(viewer, 999_999_999)).json()).toMatchObject(NOT_FOUND);
    expect((await byId(viewer, 'abc')).statusCode).toBe(400);
    expect((await byId(viewer, '1.5')).statusCode).toBe(400);
    expect((await byId(undefined, 'abc')).statusCode).toBe(401);
  });
});
