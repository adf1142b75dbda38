import { InProcessMessageQueue, MemoryKvStore } from '@fedify/fedify';
import type { Follow } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildCreator } from '../../../test/economy.ts';
import type { TestUser } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { createZuraFederation } from './federation.ts';
import { approveRemoteFollower } from './inbox.ts';
import { createActorKeys } from './keys.ts';
import { buildListeningApp, type RemoteServer, startRemoteServer } from './remote-server-kit.ts';

let t: TestApp;
let origin: string;
let remote: RemoteServer;
let creator: TestUser;
/** Alice's accepted Follow of the creator, which the last test undoes. */
let alicesFollow: Follow;

beforeAll(async () => {
  ({ t, origin } = await buildListeningApp());
  remote = await startRemoteServer();
  creator = await buildCreator(t, 0);
});

afterAll(async () => {
  await remote.close();
  await t.close();
});

const actorOf = (user: TestUser) => `${origin}/ap/users/${user.id}`;
const inboxOf = (user: TestUser) => `${actorOf(user)}/inbox`;
const noteOf = (postId: number) => `${origin}/ap/posts/${postId}`;
const unique = (what: string) => `${what} ${Math.random().toString(36).slice(2)}`;

/** A post made through the API with the form's own fields. */
async function newPost(author: TestUser, fields: Record<string, string>) {
  const res = await t.request({
    method: 'POST',
    url: '/api/posts/',
    ...multipart({ fields }),
    token: author.access,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

async function followersOf(user: TestUser) {
  const { rows } = await t.pool.query<{ actor_id: string; state: string; handle: string }>(
    'SELECT actor_id, state, handle FROM remote_followers WHERE user_id = $1 ORDER BY id',
    [user.id],
  );
  return rows;
}

/** Waits (bounded) until the condition holds. */
async function until(condition: () => Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('The condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Until Fedify's queue on our PostgreSQL holds nothing: every delivery queued so far is made. */
const queueDrained = () =>
  until(async () => {
    const { rows } = await t.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM federation_messages',
    );
    return rows[0]?.n === 0;
  });

const mentions = (postId: number) => remote.received.filter((r) => r.objectId === noteOf(postId));

describe('remote follows of a Zura creator, by a Fedify server playing Mastodon', () => {
  it('refuses an unsigned Follow and one signed by a key that is not its actor’s', async () => {
    const unsigned = await remote.post(inboxOf(creator), remote.followOf(actorOf(creator)), null);
    expect(unsigned.status).toBe(401);
    // Claims to be alice, signed with mallory's key.
    const forged = await remote.post(
      inboxOf(creator),
      remote.followOf(actorOf(creator)),
      'mallory',
    );
    expect(forged.status).toBe(401);
    expect(await followersOf(creator)).toEqual([]);
  });

  it('records a signed Follow, sends a signed Accept back and lists the follower', async () => {
    const follow = remote.followOf(actorOf(creator));
    alicesFollow = follow;
    const res = await remote.post(inboxOf(creator), follow, 'alice');
    expect(res.status).toBe(202);
    // The stand-in verified the Accept's signature against the creator's key before this.
    const accept = await remote.waitFor((r) => r.type === 'Accept');
    expect(accept.objectId).toBe(follow.id?.href);
    expect(await followersOf(creator)).toEqual([
      { actor_id: remote.actor('alice').href, state: 'accepted', handle: expect.any(String) },
    ]);

    const headers = { accept: 'application/activity+json' };
    const collection = await t.request({
      url: `/ap/users/${creator.id}/followers`,
      headers,
    });
    expect(collection.json()).toMatchObject({ totalItems: 1 });
    const page = await t.request({
      url: `/ap/users/${creator.id}/followers?cursor=first`,
      headers,
    });
    expect(page.json<{ orderedItems: unknown }>().orderedItems).toEqual([
      remote.actor('alice').href,
    ]);
  });

  it('sends a public post as Create, its edit as Update and its deletion as Delete', async () => {
    const text = unique('Hello from Zura');
    const postId = await newPost(creator, { content: text });
    const arrived = await remote.waitFor(
      (r) => r.type === 'Create' && (r.content ?? '').includes(text),
    );
    // Alice names a shared inbox: the post goes there.
    expect(arrived.inbox).toBe('shared');

    const edited = unique('Edited');
    const patch = await t.request({
      method: 'PATCH',
      url: `/api/posts/${postId}/`,
      payload: { content: edited },
      token: creator.access,
    });
    expect(patch.statusCode).toBe(200);
    await remote.waitFor((r) => r.type === 'Update' && (r.content ?? '').includes(edited));

    const removed = await t.request({
      method: 'DELETE',
      url: `/api/posts/${postId}/`,
      token: creator.access,
    });
    expect(removed.statusCode).toBe(204);
    await remote.waitFor((r) => r.type === 'Delete' && r.objectId === noteOf(postId));
  });

  it('sends a draft when it is published, and a scheduled post when it comes due', async () => {
    const draft = await newPost(creator, { content: unique('Draft'), is_draft: 'true' });
    const scheduled = await newPost(creator, {
      content: unique('Scheduled'),
      publish_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const published = await t.request({
      method: 'POST',
      url: `/api/posts/${draft}/publish/`,
      token: creator.access,
    });
    expect(published.statusCode).toBe(200);
    await remote.waitFor((r) => r.type === 'Create' && r.objectId === noteOf(draft));

    await t.pool.query("UPDATE posts SET publish_at = now() - interval '1 second' WHERE id = $1", [
      scheduled,
    ]);
    expect(await t.services.postSchedule.publishDue()).toBe(1);
    await remote.waitFor((r) => r.type === 'Create' && r.objectId === noteOf(scheduled));
  });

  it('sends nothing of gated posts, and a Delete when a public post is priced', async () => {
    const secret = unique('SECRET');
    const gated = [
      await newPost(creator, {
        content: `${secret} password`,
        is_locked: 'true',
        password: 'open sesame',
      }),
      await newPost(creator, { content: `${secret} pay-per-view`, price_cents: '500' }),
      await newPost(creator, { content: `${secret} draft`, is_draft: 'true' }),
      await newPost(creator, {
        content: `${secret} scheduled`,
        publish_at: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    ];
    const priced = await newPost(creator, { content: unique('Public for now') });
    await remote.waitFor((r) => r.type === 'Create' && r.objectId === noteOf(priced));
    // The creator's changes are published one pass at a time, in order: once a public post
    // made after them has arrived, and the queue is empty, whatever they sent has arrived.
    const marker = unique('Marker');
    await newPost(creator, { content: marker });
    await remote.waitFor((r) => r.type === 'Create' && (r.content ?? '').includes(marker));
    await queueDrained();
    for (const id of gated) expect(mentions(id)).toEqual([]);
    expect(JSON.stringify(remote.received)).not.toContain(secret);

    await t.pool.query('UPDATE posts SET price_cents = 500 WHERE id = $1', [priced]);
    await remote.waitFor((r) => r.type === 'Delete' && r.objectId === noteOf(priced));
  });

  it('holds a follow of a locked profile for approval, and accepts it once approved', async () => {
    const locked = await buildCreator(t, 0);
    await t.pool.query(
      "UPDATE users SET is_profile_locked = true, profile_password_hash = 'x' WHERE id = $1",
      [locked.id],
    );
    const follow = remote.followOf(actorOf(locked));
    expect((await remote.post(inboxOf(locked), follow, 'alice')).status).toBe(202);
    await until(async () => (await followersOf(locked)).length === 1);
    expect((await followersOf(locked))[0]?.state).toBe('pending');
    await queueDrained();
    expect(remote.received.filter((r) => r.objectId === follow.id?.href)).toEqual([]);

    // The creator approves: the Accept goes, signed with the profile's own key (from the
    // database), through a federation of this module's built beside the app's.
    const controller = new AbortController();
    const federation = createZuraFederation({
      db: t.db,
      kv: new MemoryKvStore(),
      queue: new InProcessMessageQueue(),
      keys: createActorKeys(t.db),
      publicUrl: origin,
      allowPrivateAddresses: true,
      log: { error: () => undefined },
      beforeFirstFollower: async () => undefined,
    });
    const listening = federation.startQueue(undefined, { signal: controller.signal });
    try {
      const ctx = federation.createContext(new URL(origin), undefined);
      const deps = {
        db: t.db,
        log: { error: () => undefined },
        beforeFirstFollower: async () => undefined,
      };
      expect(await approveRemoteFollower(ctx, deps, locked.id, remote.actor('alice').href)).toBe(
        true,
      );
      await remote.waitFor((r) => r.type === 'Accept' && r.objectId === follow.id?.href);
      expect((await followersOf(locked))[0]?.state).toBe('accepted');
      // Nothing is left to approve.
      expect(await approveRemoteFollower(ctx, deps, locked.id, remote.actor('alice').href)).toBe(
        false,
      );
    } finally {
      controller.abort();
      await listening;
    }
  });

  it('removes the follower on Undo, and a later public post reaches only who still follows', async () => {
    // Mallory follows too, with no shared inbox: what is sent to her comes to her own inbox.
    const mallorys = remote.followOf(actorOf(creator), 'mallory');
    expect((await remote.post(inboxOf(creator), mallorys, 'mallory')).status).toBe(202);
    await remote.waitFor((r) => r.type === 'Accept' && r.objectId === mallorys.id?.href);

    expect((await remote.post(inboxOf(creator), remote.undoOf(alicesFollow), 'alice')).status).toBe(
      202,
    );
    await until(async () => (await followersOf(creator)).length === 1);
    expect((await followersOf(creator))[0]?.actor_id).toBe(remote.actor('mallory').href);

    const text = unique('After the undo');
    const postId = await newPost(creator, { content: text });
    const arrived = await remote.waitFor(
      (r) => r.type === 'Create' && r.objectId === noteOf(postId),
    );
    expect(arrived.inbox).toBe('mallory');
    await queueDrained();
    // Alice's server (its shared inbox) got nothing of it.
    expect(mentions(postId).map((r) => r.inbox)).toEqual(['mallory']);
  });

  it('sends Delete when the creator starts charging, and nothing of subscriber-only posts', async () => {
    const kept = await remote.waitFor((r) => r.type === 'Create' && r.inbox === 'mallory');
    await t.pool.query('UPDATE users SET subscription_price_cents = 499 WHERE id = $1', [
      creator.id,
    ]);
    await remote.waitFor((r) => r.type === 'Delete' && r.objectId === kept.objectId);

    const secret = unique('SECRET subscribers only');
    const postId = await newPost(creator, { content: secret });
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/posts/${postId}/`,
      token: creator.access,
    });
    expect(removed.statusCode).toBe(204);
    await t.pool.query('UPDATE users SET subscription_price_cents = 0 WHERE id = $1', [creator.id]);
    const marker = unique('Free again');
    await newPost(creator, { content: marker });
    await remote.waitFor((r) => r.type === 'Create' && (r.content ?? '').includes(marker));
    await queueDrained();
    expect(mentions(postId)).toEqual([]);
    expect(JSON.stringify(remote.received)).not.toContain(secret);
  });
});
