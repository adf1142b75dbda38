import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildCreator } from '../../../test/economy.ts';
import type { TestUser } from '../../../test/factories.ts';
import { buildListeningApp, type RemoteServer, startRemoteServer } from './remote-server-kit.ts';

/**
 * Deliveries Zura's inboxes refuse or drop: Follows of nobody, of a suspended account, and, with
 * loopback fetches not allowed (`FEDERATION_ALLOW_PRIVATE` unset), a signer on a loopback address.
 */
let remote: RemoteServer;

beforeAll(async () => {
  remote = await startRemoteServer();
});

afterAll(async () => {
  await remote.close();
});

async function followerCount(t: TestApp) {
  const { rows } = await t.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM remote_followers',
  );
  return rows[0]?.n ?? 0;
}

/** Until Fedify's queue on our PostgreSQL holds nothing (bounded). */
async function queueDrained(t: TestApp) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await t.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM federation_messages',
    );
    if (rows[0]?.n === 0) return;
    if (Date.now() > deadline) throw new Error('The federation queue never drained');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('with loopback addresses allowed (tests)', () => {
  let t: TestApp;
  let origin: string;
  let suspended: TestUser;

  beforeAll(async () => {
    ({ t, origin } = await buildListeningApp());
    suspended = await buildCreator(t, 0);
    await t.pool.query(
      "UPDATE users SET suspended_at = now(), suspension_reason = 'x' WHERE id = $1",
      [suspended.id],
    );
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers 404 at the inbox of an unknown or suspended user', async () => {
    for (const id of [987_654_321, suspended.id]) {
      const actor = `${origin}/ap/users/${id}`;
      const res = await remote.post(`${actor}/inbox`, remote.followOf(actor), 'alice');
      expect(res.status).toBe(404);
    }
    expect(await followerCount(t)).toBe(0);
  });

  it('drops a Follow of an unknown or suspended user sent to the shared inbox', async () => {
    for (const id of [987_654_321, suspended.id]) {
      const actor = `${origin}/ap/users/${id}`;
      const res = await remote.post(`${origin}/ap/inbox`, remote.followOf(actor), 'alice');
      expect(res.status).toBe(202);
    }
    await queueDrained(t);
    expect(await followerCount(t)).toBe(0);
    expect(remote.received).toEqual([]);
  });
});

describe('with loopback addresses refused (the default)', () => {
  let t: TestApp;
  let origin: string;
  let creator: TestUser;

  beforeAll(async () => {
    ({ t, origin } = await buildListeningApp({}));
    creator = await buildCreator(t, 0);
  });

  afterAll(async () => {
    await t.close();
  });

  it('does not fetch a signer’s key from a loopback address, so the Follow is refused', async () => {
    const actor = `${origin}/ap/users/${creator.id}`;
    const res = await remote.post(`${actor}/inbox`, remote.followOf(actor), 'alice');
    expect(res.status).toBe(401);
    expect(await followerCount(t)).toBe(0);
  });
});
