import type { RemoteFollower } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildCreator } from '../../../test/economy.ts';
import type { TestUser } from '../../../test/factories.ts';
import { controlKit } from './control-kit.ts';
import { buildListeningApp, type RemoteServer, startRemoteServer } from './remote-server-kit.ts';

let t: TestApp;
let remote: RemoteServer;
let kit: ReturnType<typeof controlKit>;
let locked: TestUser;
let open: TestUser;

beforeAll(async () => {
  let origin: string;
  ({ t, origin } = await buildListeningApp());
  kit = controlKit(t, origin);
  remote = await startRemoteServer();
  locked = await buildCreator(t, 0);
  open = await buildCreator(t, 0);
  await t.pool.query(
    "UPDATE users SET is_profile_locked = true, profile_password_hash = 'x' WHERE id = $1",
    [locked.id],
  );
});

afterAll(async () => {
  await remote.close();
  await t.close();
});

type List = { results: RemoteFollower[] };

/** A signed Follow of `user` by `by` on the stand-in, held or accepted; its Follow. */
async function follow(user: TestUser, by: string, state: 'pending' | 'accepted') {
  const activity = remote.followOf(kit.actorOf(user), by);
  expect((await remote.post(kit.inboxOf(user), activity, by)).status).toBe(202);
  const actorId = remote.actor(by).href;
  await kit.until(async () =>
    (await kit.followersOf(user)).some((row) => row.actor_id === actorId && row.state === state),
  );
  return activity;
}

describe('a locked profile’s follow requests', () => {
  it('lists a held request to its creator only, and declining it sends Reject', async () => {
    const alices = await follow(locked, 'alice', 'pending');
    const requests = await kit.api<List>(locked, 'GET', '/api/federation/follow-requests/');
    expect(requests.results).toEqual([
      {
        id: expect.any(Number),
        actor_id: remote.actor('alice').href,
        handle: expect.stringMatching(/^@alice@127\.0\.0\.1:\d+$/),
        since: expect.any(String),
      },
    ]);
    const id = requests.results[0]?.id ?? 0;
    // Another creator sees none of it and can do nothing to it.
    expect((await kit.api<List>(open, 'GET', '/api/federation/follow-requests/')).results).toEqual(
      [],
    );
    await kit.api(open, 'POST', `/api/federation/follow-requests/${id}/decline/`, 404);
    await kit.api(undefined, 'GET', '/api/federation/follow-requests/', 401);
    await kit.api(locked, 'POST', '/api/federation/follow-requests/nope/decline/', 400);

    await kit.api(locked, 'POST', `/api/federation/follow-requests/${id}/decline/`);
    const reject = await remote.waitFor((r) => r.type === 'Reject');
    expect(reject.objectId).toBe(alices.id?.href);
    expect(await kit.followersOf(locked)).toEqual([]);
    // Declined once: a second decline finds nothing.
    await kit.api(locked, 'POST', `/api/federation/follow-requests/${id}/decline/`, 404);
  });

  it('approving a request sends Accept and lists the follower', async () => {
    const mallorys = await follow(locked, 'mallory', 'pending');
    const [request] = (await kit.api<List>(locked, 'GET', '/api/federation/follow-requests/'))
      .results;
    await kit.api(locked, 'POST', `/api/federation/follow-requests/${request?.id}/approve/`);
    await remote.waitFor((r) => r.type === 'Accept' && r.objectId === mallorys.id?.href);
    const followers = await kit.api<List>(locked, 'GET', '/api/federation/followers/');
    expect(followers.results.map((f) => f.actor_id)).toEqual([remote.actor('mallory').href]);
  });
});

describe('a creator’s remote followers', () => {
  it('removing a follower sends Reject of its Follow', async () => {
    const alices = await follow(open, 'alice', 'accepted');
    const [alice] = (await kit.api<List>(open, 'GET', '/api/federation/followers/')).results;
    expect(alice?.actor_id).toBe(remote.actor('alice').href);
    // Another creator cannot remove it.
    await kit.api(locked, 'POST', `/api/federation/followers/${alice?.id}/remove/`, 404);
    await kit.api(open, 'POST', `/api/federation/followers/${alice?.id}/remove/`);
    await remote.waitFor((r) => r.type === 'Reject' && r.objectId === alices.id?.href);
    expect(await kit.followersOf(open)).toEqual([]);
  });

  it('blocking a follower sends Block, and its next Follow is refused with Reject', async () => {
    await follow(open, 'mallory', 'accepted');
    const [mallory] = (await kit.api<List>(open, 'GET', '/api/federation/followers/')).results;
    await kit.api(open, 'POST', `/api/federation/followers/${mallory?.id}/block/`);
    const block = await remote.waitFor((r) => r.type === 'Block');
    expect(block.objectId).toBe(remote.actor('mallory').href);
    expect(await kit.followersOf(open)).toEqual([]);

    const again = remote.followOf(kit.actorOf(open), 'mallory');
    expect((await remote.post(kit.inboxOf(open), again, 'mallory')).status).toBe(202);
    await remote.waitFor((r) => r.type === 'Reject' && r.objectId === again.id?.href);
    await kit.queueDrained();
    expect(await kit.followersOf(open)).toEqual([]);
    expect(
      remote.received.filter((r) => r.type === 'Accept' && r.objectId === again.id?.href),
    ).toEqual([]);
  });

  it('lists the blocked actor, and unblocking sends Undo of the Block and lets it follow again', async () => {
    const blocked = await kit.api<List>(open, 'GET', '/api/federation/blocked-actors/');
    expect(blocked.results.map((b) => b.actor_id)).toEqual([remote.actor('mallory').href]);
    const id = blocked.results[0]?.id ?? 0;
    expect((await kit.api<List>(locked, 'GET', '/api/federation/blocked-actors/')).results).toEqual(
      [],
    );
    await kit.api(locked, 'POST', `/api/federation/blocked-actors/${id}/unblock/`, 404);

    await kit.api(open, 'POST', `/api/federation/blocked-actors/${id}/unblock/`);
    const undo = await remote.waitFor((r) => r.type === 'Undo');
    expect(undo.objectId).toMatch(new RegExp(`^${kit.actorOf(open)}#blocks/${id}$`));
    expect((await kit.api<List>(open, 'GET', '/api/federation/blocked-actors/')).results).toEqual(
      [],
    );
    await follow(open, 'mallory', 'accepted');
  });
});
