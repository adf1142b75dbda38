import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  buildCreator,
  get,
  makeDue,
  pay,
  renewAllDue,
  subscribe,
  topUp,
} from '../../../test/economy.ts';
import { buildPost, buildUser, type BuiltPost, type TestUser } from '../../../test/factories.ts';
import { png } from '../../../test/media.ts';

/**
 * A paid creator's posts are for their active subscribers and themselves: everyone else gets
 * the post's frame with no content and no media, and what a subscription costs. Post passwords
 * stack on top of the subscription.
 */
let t: TestApp;
let creator: TestUser;
let textPost: BuiltPost;
let imagePost: BuiltPost;
let lockedPost: BuiltPost;
let imageUploadId: string;

const MEDIA_KEYS = ['image', 'image_url', 'video', 'video_url', 'poster_url'];
const PASSWORD = 'let-me-in-please';

beforeAll(async () => {
  t = await buildTestApp();
  creator = await buildCreator(t, 499);
  textPost = await buildPost(t, creator, { content: 'paid words only' });
  imagePost = await buildPost(t, creator, {
    content: 'paid picture caption',
    media: { content: await png(), type: 'image' },
  });
  lockedPost = await buildPost(t, creator, { content: 'paid and locked', password: PASSWORD });
  const id = /^\/media\/([0-9a-f-]{36})\//.exec(String(imagePost.image))?.[1];
  if (!id) throw new Error(`no upload id in ${imagePost.image}`);
  imageUploadId = id;
});
afterAll(() => t.close());

async function postsSeenBy(viewer: TestUser, source: 'feed' | 'profile') {
  const url = source === 'feed' ? '/api/posts/?limit=50' : `/api/posts/user/${creator.id}/`;
  const res = await get(t, viewer, url);
  expect(res.statusCode).toBe(200);
  const byId = new Map<number, Record<string, unknown>>();
  for (const post of res.json() as Record<string, unknown>[]) byId.set(post.id as number, post);
  return { byId, body: res.body };
}

const unlock = (viewer: TestUser, postId: number, password?: string) =>
  pay(t, viewer, `/api/posts/${postId}/unlock/`, password === undefined ? {} : { password }, null);

function expectGated(post: Record<string, unknown> | undefined) {
  expect(post).toMatchObject({
    requires_subscription: true,
    subscription_price: '4.99',
    content: '',
    type: 'post',
  });
  for (const key of MEDIA_KEYS) expect(post).not.toHaveProperty(key);
}

async function subscribedFan(): Promise<{ fan: TestUser; subscriptionId: number }> {
  const fan = await buildUser(t);
  await topUp(t, fan, '10');
  const res = await subscribe(t, fan, creator);
  expect(res.statusCode).toBe(201);
  return { fan, subscriptionId: res.json().id };
}

describe('a paid creator’s posts', () => {
  it.each(['feed', 'profile'] as const)(
    'show a non-subscriber no content and no media in the %s',
    async (source) => {
      const viewer = await buildUser(t);
      const { byId, body } = await postsSeenBy(viewer, source);
      for (const post of [textPost, imagePost, lockedPost]) expectGated(byId.get(post.id));
      for (const secret of ['paid words only', 'paid picture caption', 'paid and locked']) {
        expect(body).not.toContain(secret);
      }
      expect(body).not.toContain(imageUploadId);
    },
  );

  it('refuse to unlock for a non-subscriber, even with the right password', async () => {
    const viewer = await buildUser(t);
    for (const [post, password] of [
      [textPost, undefined],
      [lockedPost, PASSWORD],
    ] as const) {
      const res = await unlock(viewer, post.id, password);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        detail: 'Subscribe to this creator to unlock their posts.',
      });
      expect(res.body).not.toContain('paid');
    }
    // Nothing was recorded: subscribing later still asks for the password.
    await topUp(t, viewer, '5');
    expect((await subscribe(t, viewer, creator)).statusCode).toBe(201);
    const { byId } = await postsSeenBy(viewer, 'profile');
    expect(byId.get(lockedPost.id)).toMatchObject({ content: '', is_unlocked: false });
  });

  it('show an active subscriber everything but what a password still locks', async () => {
    const { fan, subscriptionId } = await subscribedFan();
    const profile = (await get(t, fan, `/api/auth/users/${creator.id}/`)).json();
    expect(profile).toMatchObject({ is_subscribed: true, subscription_id: subscriptionId });

    for (const source of ['feed', 'profile'] as const) {
      const { byId } = await postsSeenBy(fan, source);
      expect(byId.get(textPost.id)).toMatchObject({
        content: 'paid words only',
        requires_subscription: false,
        subscription_price: null,
      });
      const image = byId.get(imagePost.id);
      expect(image).toMatchObject({
        content: 'paid picture caption',
        requires_subscription: false,
      });
      expect(String(image?.image)).toContain(imageUploadId);
      // The password stacks on top of the subscription.
      expect(byId.get(lockedPost.id)).toMatchObject({
        content: '',
        is_locked: true,
        requires_subscription: false,
      });
    }

    const wrong = await unlock(fan, lockedPost.id, 'not the password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'Incorrect password' });
    const right = await unlock(fan, lockedPost.id, PASSWORD);
    expect(right.statusCode).toBe(200);
    expect(right.json().post).toMatchObject({ content: 'paid and locked', is_unlocked: true });
    const { byId } = await postsSeenBy(fan, 'feed');
    expect(byId.get(lockedPost.id)).toMatchObject({ content: 'paid and locked' });
  });

  it('show the creator their own posts in full', async () => {
    const { byId } = await postsSeenBy(creator, 'profile');
    expect(byId.get(textPost.id)).toMatchObject({
      content: 'paid words only',
      requires_subscription: false,
    });
    expect(byId.get(lockedPost.id)).toMatchObject({ content: 'paid and locked' });
    expect(String(byId.get(imagePost.id)?.image)).toContain(imageUploadId);
  });

  it('close again when the subscription ends, password unlock or not', async () => {
    const { fan, subscriptionId } = await subscribedFan();
    expect((await unlock(fan, lockedPost.id, PASSWORD)).statusCode).toBe(200);
    const cancel = await pay(t, fan, `/api/auth/subscriptions/${subscriptionId}/cancel/`, {}, null);
    expect(cancel.statusCode).toBe(200);
    // Cancelled but paid up: still open.
    expect((await postsSeenBy(fan, 'feed')).byId.get(textPost.id)).toMatchObject({
      content: 'paid words only',
    });

    await makeDue(t, subscriptionId);
    await renewAllDue(t);

    const { byId, body } = await postsSeenBy(fan, 'feed');
    for (const post of [textPost, imagePost, lockedPost]) expectGated(byId.get(post.id));
    expect(body).not.toContain(imageUploadId);
    const profile = (await get(t, fan, `/api/auth/users/${creator.id}/`)).json();
    expect(profile).toMatchObject({ is_subscribed: false, subscription_id: null });
    expect((await unlock(fan, textPost.id)).statusCode).toBe(403);
  });
});

describe('posts that are not gated', () => {
  it('a free creator’s posts are for everyone, and the profile tells no subscription', async () => {
    const free = await buildCreator(t, 0);
    const post = await buildPost(t, free, { content: 'free for all' });
    const viewer = await buildUser(t);
    const [seen] = (await get(t, viewer, `/api/posts/user/${free.id}/`)).json();
    expect(seen).toMatchObject({
      id: post.id,
      content: 'free for all',
      requires_subscription: false,
      subscription_price: null,
    });
    const profile = (await get(t, viewer, `/api/auth/users/${free.id}/`)).json();
    expect(profile).toMatchObject({ is_subscribed: false, subscription_id: null });
  });

  it('a user who is not a creator is never gated, whatever price is stored', async () => {
    const author = await buildUser(t);
    await t.pool.query('UPDATE users SET subscription_price_cents = 999 WHERE id = $1', [
      author.id,
    ]);
    const post = await buildPost(t, author, { content: 'just a user' });
    const [seen] = (await get(t, await buildUser(t), `/api/posts/user/${author.id}/`)).json();
    expect(seen).toMatchObject({
      id: post.id,
      content: 'just a user',
      requires_subscription: false,
    });
  });

  it('a price set through the profile gates from then on', async () => {
    const author = await buildCreator(t, 0);
    const post = await buildPost(t, author, { content: 'soon paid' });
    const res = await t.request({
      method: 'PUT',
      url: '/api/auth/profile/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ subscription_price: '4.99' }),
      token: author.access,
    });
    expect(res.statusCode).toBe(200);
    const [seen] = (await get(t, await buildUser(t), `/api/posts/user/${author.id}/`)).json();
    expect(seen.id).toBe(post.id);
    expectGated(seen);
  });
});
