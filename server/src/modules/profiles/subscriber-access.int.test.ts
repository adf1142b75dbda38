import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  buildCreator,
  makeDue,
  renewAllDue,
  subscribe,
  subscriptionRow,
  topUp,
} from '../../../test/economy.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { png } from '../../../test/media.ts';
import { claim, createOffer } from '../../../test/offers.ts';

/**
 * A locked profile is locked for visitors: an active subscriber sees the profile, its posts, the
 * post page and the feed without the password, and from the kept viewer facts too (issue 32).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const lock = (owner: TestUser) =>
  t.request({
    method: 'PUT',
    url: '/api/auth/profile/',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      bio: `members bio of ${owner.username}`,
      is_profile_locked: true,
      profile_password: 'visitors only',
    }),
    token: owner.access,
  });
const profileOf = (viewer: TestUser, owner: TestUser) =>
  t.request({ method: 'GET', url: `/api/auth/users/${owner.username}/`, token: viewer.access });
const postsOf = async (viewer: TestUser, owner: TestUser) => {
  const res = await t.request({
    method: 'GET',
    url: `/api/posts/user/${owner.id}/`,
    token: viewer.access,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: number; content: string; image?: string | null }[]>();
};
const postPage = (viewer: TestUser, postId: number) =>
  t.request({ method: 'GET', url: `/api/posts/${postId}/`, token: viewer.access });
const feedIds = async (viewer: TestUser, feed = '') => {
  const res = await t.request({
    method: 'GET',
    url: `/api/posts/?limit=50${feed}`,
    token: viewer.access,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: number }[]>().map((post) => post.id);
};

/** A creator with an image post, and a fan with money to subscribe. */
async function creatorAndFan() {
  const creator = await buildCreator(t, 500);
  const post = await buildPost(t, creator, {
    content: `members post of ${creator.username}`,
    media: { content: await png(), type: 'image' },
  });
  const fan = await buildUser(t);
  await topUp(t, fan, '20.00');
  return { creator, post, fan };
}

describe('a locked profile and its subscribers', () => {
  it('keeps a subscriber’s access to the profile, posts, post page, media and feed', async () => {
    const { creator, post, fan } = await creatorAndFan();
    const visitor = await buildUser(t);
    expect((await subscribe(t, fan, creator)).statusCode).toBe(201);
    // Both read the feed first, so their facts are kept when the lock comes.
    expect(await feedIds(fan)).toContain(post.id);
    expect(await feedIds(visitor)).toContain(post.id);
    expect((await lock(creator)).statusCode).toBe(200);

    const profile = await profileOf(fan, creator);
    expect(profile.json()).toMatchObject({
      is_profile_locked: true,
      is_unlocked: true,
      is_subscribed: true,
      bio: `members bio of ${creator.username}`,
    });
    const [listed] = await postsOf(fan, creator);
    expect(listed).toMatchObject({ id: post.id, content: `members post of ${creator.username}` });
    expect(listed?.image).toEqual(expect.stringContaining('/media/'));
    const page = await postPage(fan, post.id);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id: post.id, content: post.content });
    expect(await feedIds(fan)).toContain(post.id);
    expect(await feedIds(fan, '&source=following')).toContain(post.id);

    // The visitor still meets the password.
    expect((await profileOf(visitor, creator)).json()).toMatchObject({ is_unlocked: false });
    expect((await profileOf(visitor, creator)).body).not.toContain('members bio');
    expect(await postsOf(visitor, creator)).toEqual([]);
    expect((await postPage(visitor, post.id)).statusCode).toBe(404);
    expect(await feedIds(visitor)).not.toContain(post.id);
  });

  it('opens the profile when a subscription starts and closes it when it ends', async () => {
    const { creator, post, fan } = await creatorAndFan();
    expect((await lock(creator)).statusCode).toBe(200);
    // Kept facts from before the subscription must not keep the fan out.
    expect(await feedIds(fan)).not.toContain(post.id);
    expect((await profileOf(fan, creator)).json()).toMatchObject({ is_unlocked: false });

    const sub = await subscribe(t, fan, creator);
    expect(sub.statusCode).toBe(201);
    expect(await feedIds(fan)).toContain(post.id);
    expect((await postsOf(fan, creator)).map((row) => row.id)).toEqual([post.id]);
    expect((await postPage(fan, post.id)).statusCode).toBe(200);

    // Cancelled and run out: the password is needed again, from kept facts as from the database.
    const id = sub.json<{ id: number }>().id;
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/auth/subscriptions/${id}/cancel/`,
      token: fan.access,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await feedIds(fan)).toContain(post.id);
    await makeDue(t, id);
    await renewAllDue(t);
    expect((await subscriptionRow(t, id)).status).toBe('expired');
    expect(await feedIds(fan)).not.toContain(post.id);
    expect(await postsOf(fan, creator)).toEqual([]);
    expect((await postPage(fan, post.id)).statusCode).toBe(404);
    expect((await profileOf(fan, creator)).json()).toMatchObject({ is_unlocked: false });
  });

  it('keeps a fan on a free trial in, as a paying subscriber is', async () => {
    const { creator, post, fan } = await creatorAndFan();
    const offer = await createOffer(t, creator, { kind: 'trial', trial_days: 7, claim_limit: 5 });
    expect((await claim(t, fan, offer.code)).statusCode).toBe(201);
    expect((await lock(creator)).statusCode).toBe(200);
    expect((await profileOf(fan, creator)).json()).toMatchObject({ is_unlocked: true });
    expect((await postsOf(fan, creator)).map((row) => row.id)).toEqual([post.id]);
    expect(await feedIds(fan)).toContain(post.id);
  });
});
