import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block, blockRequest } from '../../../test/blocks.ts';
import { buildCreator, get, subscribe, tip, topUp } from '../../../test/economy.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import {
  postAs,
  roomOf,
  sendMessage,
  sendMessageRequest,
  startConversation,
  startConversationRequest,
  unlockRequest,
} from '../../../test/messaging.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A creator with a post, a fan with money, and a conversation between them. */
async function pair() {
  const creator = await buildCreator(t, 0);
  const fan = await buildUser(t);
  await topUp(t, fan, '20');
  await topUp(t, creator, '20');
  const post = await buildPost(t, creator, { content: `hello from ${creator.username}` });
  const conversation = await startConversation(t, fan, creator);
  return { creator, fan, post, conversationId: conversation.id };
}

/** Both directions: the blocker and the blocked one are each refused the same way. */
const DIRECTIONS = ['the blocked user', 'the blocker'] as const;

/** The fan acts in every test: blocked by the creator, or having blocked the creator. */
async function blockFor(creator: TestUser, fan: TestUser, direction: (typeof DIRECTIONS)[number]) {
  if (direction === 'the blocked user') await block(t, creator, fan);
  else await block(t, fan, creator);
}

describe.each(DIRECTIONS)('after a block, %s', (direction) => {
  it('cannot start a conversation or send a message: 403 with a clear message', async () => {
    const { creator, fan, conversationId } = await pair();
    await blockFor(creator, fan, direction);
    const started = await startConversationRequest(t, fan, creator.id);
    expect(started.statusCode).toBe(403);
    expect(started.json()).toMatchObject({ detail: 'You cannot message this user.' });
    const sent = await sendMessageRequest(t, fan, conversationId, { text: 'still there?' });
    expect(sent.statusCode).toBe(403);
    expect(sent.json()).toMatchObject({ detail: 'You cannot message this user.' });
    // Nor the other way round.
    const back = await sendMessageRequest(t, creator, conversationId, { text: 'hi' });
    expect(back.statusCode).toBe(403);
    const { rows } = await t.pool.query('SELECT 1 FROM messages WHERE conversation_id = $1', [
      conversationId,
    ]);
    expect(rows).toEqual([]);
  });

  it('cannot pay for a locked message sent before the block', async () => {
    const { creator, fan, conversationId } = await pair();
    const locked = await sendMessage(t, creator, conversationId, {
      text: 'for your eyes',
      is_locked: true,
      price: '2.00',
    });
    await blockFor(creator, fan, direction);
    const res = await unlockRequest(t, fan, locked.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: 'You cannot message this user.' });
  });

  it('cannot call, tip, subscribe or follow', async () => {
    const { creator, fan } = await pair();
    await blockFor(creator, fan, direction);
    const call = await postAs(t, fan, '/api/calls/ticket/', { room_id: roomOf(fan, creator) });
    expect(call.statusCode).toBe(403);
    expect(call.json()).toMatchObject({ detail: 'You cannot call this user.' });
    const tipped = await tip(t, fan, creator, '5.00');
    expect(tipped.statusCode).toBe(403);
    expect(tipped.json()).toMatchObject({ detail: 'You cannot tip this user.' });
    const subscribed = await subscribe(t, fan, creator);
    expect(subscribed.statusCode).toBe(403);
    expect(subscribed.json()).toMatchObject({ detail: 'You cannot subscribe to this user.' });
    for (const [actor, target] of [
      [fan, creator],
      [creator, fan],
    ] as const) {
      const followed = await postAs(t, actor, `/api/auth/users/${target.id}/follow/`);
      expect(followed.statusCode).toBe(403);
      expect(followed.json()).toMatchObject({ detail: 'You cannot follow this user.' });
    }
  });

  it('sees neither profile nor posts of the other (404 as if absent), nor finds them', async () => {
    const { creator, fan, post } = await pair();
    await blockFor(creator, fan, direction);
    for (const [viewer, other] of [
      [fan, creator],
      [creator, fan],
    ] as const) {
      for (const target of [other.id, other.username]) {
        const profile = await get(t, viewer, `/api/auth/users/${target}/`);
        expect(profile.statusCode).toBe(404);
        expect(profile.json()).toMatchObject({ detail: 'User not found' });
        const posts = await get(t, viewer, `/api/posts/user/${target}/`);
        expect(posts.statusCode).toBe(404);
      }
      const found = await get(t, viewer, `/api/explore/creators/?q=${other.username}`);
      expect(found.json<{ results: { id: number }[] }>().results.map((c) => c.id)).not.toContain(
        other.id,
      );
      const discover = await get(t, viewer, '/api/auth/users/discover/');
      expect(discover.json<{ id: number }[]>().map((u) => u.id)).not.toContain(other.id);
    }
    // The newest posts of everyone, and the home feed, leave the creator's post out for the fan.
    for (const source of ['all', 'following']) {
      const feed = await get(t, fan, `/api/posts/?source=${source}&limit=50`);
      expect(feed.statusCode).toBe(200);
      expect(feed.json<{ id: number }[]>().map((p) => p.id)).not.toContain(post.id);
    }
    const unlock = await postAs(t, fan, `/api/posts/${post.id}/unlock/`, { password: 'x' });
    expect(unlock.statusCode).toBe(404);
  });
});

describe('the home feed across a block', () => {
  it('drops a subscribed creator who blocked the fan, and falls back to everyone when that empties it', async () => {
    const creator = await buildCreator(t);
    const fan = await buildUser(t);
    await topUp(t, fan, '20');
    expect((await subscribe(t, fan, creator)).statusCode).toBe(201);
    const post = await buildPost(t, creator, { content: 'for subscribers' });
    const before = await get(t, fan, '/api/posts/');
    expect(before.headers['x-feed-source']).toBe('following');
    expect(before.json<{ id: number }[]>().map((p) => p.id)).toContain(post.id);

    // The paid period still runs, but the block hides the creator's posts.
    await block(t, creator, fan);
    const after = await get(t, fan, '/api/posts/');
    expect(after.statusCode).toBe(200);
    expect(after.headers['x-feed-source']).toBe('all');
    expect(after.json<{ id: number }[]>().map((p) => p.id)).not.toContain(post.id);
  });
});

describe('unblocking', () => {
  it('restores the profile, the posts, search and messaging', async () => {
    const { creator, fan, post, conversationId } = await pair();
    await block(t, creator, fan);
    expect((await get(t, fan, `/api/auth/users/${creator.id}/`)).statusCode).toBe(404);
    await blockRequest(t, creator, fan.id, 'DELETE');
    expect((await get(t, fan, `/api/auth/users/${creator.id}/`)).statusCode).toBe(200);
    const posts = await get(t, fan, `/api/posts/user/${creator.id}/`);
    expect(posts.json<{ id: number }[]>().map((p) => p.id)).toEqual([post.id]);
    const found = await get(t, fan, `/api/explore/creators/?q=${creator.username}`);
    expect(found.json<{ results: { id: number }[] }>().results.map((c) => c.id)).toContain(
      creator.id,
    );
    const sent = await sendMessageRequest(t, fan, conversationId, { text: 'friends again' });
    expect(sent.statusCode).toBe(201);
  });

  it('leaves users outside the block untouched', async () => {
    const { creator, fan } = await pair();
    const bystander = await buildUser(t);
    await block(t, creator, fan);
    expect((await get(t, bystander, `/api/auth/users/${creator.id}/`)).statusCode).toBe(200);
    expect((await get(t, bystander, `/api/auth/users/${fan.id}/`)).statusCode).toBe(200);
    expect((await startConversationRequest(t, bystander, creator.id)).statusCode).toBe(200);
  });
});
