import { messages } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block, blockRequest } from '../../../test/blocks.ts';
import {
  buildCreator,
  get,
  makeDue,
  renewAllDue,
  subscribe,
  subscriptionRow,
  topUp,
} from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function blockedList(user: TestUser) {
  const res = await get(t, user, '/api/auth/blocks/');
  expect(res.statusCode).toBe(200);
  return res.json<{ results: { id: number; username: string; blocked_at: string }[] }>().results;
}

function follow(user: TestUser, target: Pick<TestUser, 'id'>) {
  return t.request({
    method: 'POST',
    url: `/api/auth/users/${target.id}/follow/`,
    token: user.access,
  });
}

async function followsBetween(a: TestUser, b: TestUser): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM follows
      WHERE (follower_id = $1 AND followee_id = $2) OR (follower_id = $2 AND followee_id = $1)`,
    [a.id, b.id],
  );
  return rows[0]!.n;
}

async function followersCount(user: TestUser): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    'SELECT followers_count AS n FROM users WHERE id = $1',
    [user.id],
  );
  return rows[0]!.n;
}

describe('POST and DELETE /api/auth/users/{idOrUsername}/block/', () => {
  it('blocks by id or username, lists the blocked users newest first, and unblocks', async () => {
    const [me, first, second] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const res = await blockRequest(t, me, first.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ blocked: true });
    expect((await blockRequest(t, me, second.username)).json()).toEqual({ blocked: true });
    // Blocking again is harmless.
    expect((await blockRequest(t, me, first.id)).statusCode).toBe(200);
    const list = await blockedList(me);
    expect(list.map((u) => u.username)).toEqual([second.username, first.username]);
    expect(list[0]).toEqual({
      id: second.id,
      username: second.username,
      profile_image: null,
      blocked_at: expect.any(String),
    });
    // The blocked user's own list is theirs alone.
    expect(await blockedList(first)).toEqual([]);

    const unblocked = await blockRequest(t, me, first.id, 'DELETE');
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json()).toEqual({ blocked: false });
    expect((await blockedList(me)).map((u) => u.id)).toEqual([second.id]);
    // Unblocking someone not blocked is harmless too.
    expect((await blockRequest(t, me, first.id, 'DELETE')).json()).toEqual({ blocked: false });
  });

  it('answers 400 for oneself and 404 for nobody, storing nothing', async () => {
    const me = await buildUser(t);
    for (const method of ['POST', 'DELETE'] as const) {
      const self = await blockRequest(t, me, me.id, method);
      expect(self.statusCode).toBe(400);
      expect(self.json()).toMatchObject({ error: 'You cannot block yourself.' });
      const missing = await blockRequest(t, me, 'no_such_user_anywhere', method);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ detail: 'User not found' });
    }
    expect(await blockedList(me)).toEqual([]);
  });

  it.each(['0', '9007199254740993', 'no%20such', '%00', '-3'])(
    'answers 4xx for the target %s, never a 5xx',
    async (target) => {
      const me = await buildUser(t);
      for (const method of ['POST', 'DELETE'] as const) {
        const res = await blockRequest(t, me, target, method);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
      expect(await blockedList(me)).toEqual([]);
    },
  );

  it('requires a signed-in user before anything else', async () => {
    const other = await buildUser(t);
    for (const res of [
      await blockRequest(t, undefined, other.id),
      await blockRequest(t, undefined, other.id, 'DELETE'),
      await blockRequest(t, undefined, 'x'.repeat(80)),
      await get(t, undefined, '/api/auth/blocks/'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ detail: messages.authRequired });
    }
  });

  it('ends the follows both ways, keeps the counts true, and unblocking does not restore them', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    expect((await follow(a, b)).statusCode).toBe(200);
    expect((await follow(b, a)).statusCode).toBe(200);
    await block(t, a, b);
    expect(await followsBetween(a, b)).toBe(0);
    expect([await followersCount(a), await followersCount(b)]).toEqual([0, 0]);
    await blockRequest(t, a, b.id, 'DELETE');
    expect(await followsBetween(a, b)).toBe(0);
    // Once unblocked, following works again.
    expect((await follow(b, a)).statusCode).toBe(200);
  });

  it('stops renewing running subscriptions either way; the paid period runs out', async () => {
    const [fan, creator] = [await buildUser(t), await buildCreator(t)];
    const otherWay = await buildCreator(t);
    await topUp(t, fan, '50');
    await topUp(t, creator, '50');
    const fanSub = (await subscribe(t, fan, creator)).json<{ id: number }>().id;
    const creatorSub = (await subscribe(t, creator, otherWay)).json<{ id: number }>().id;

    // The creator blocks the fan: the fan's subscription is not renewed, but stays paid up.
    await block(t, creator, fan);
    expect(await subscriptionRow(t, fanSub)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
    // A subscription to someone else is untouched.
    expect(await subscriptionRow(t, creatorSub)).toMatchObject({ cancel_at_period_end: false });
    await makeDue(t, fanSub);
    await renewAllDue(t);
    expect((await subscriptionRow(t, fanSub)).status).toBe('expired');
  });

  it('stops the subscription of the blocker to the blocked creator too', async () => {
    const [fan, creator] = [await buildUser(t), await buildCreator(t)];
    await topUp(t, fan, '50');
    const sub = (await subscribe(t, fan, creator)).json<{ id: number }>().id;
    await block(t, fan, creator);
    expect(await subscriptionRow(t, sub)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
  });
});
