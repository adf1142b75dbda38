import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildCreator } from '../../../test/economy.ts';
import type { TestUser } from '../../../test/factories.ts';
import { controlKit } from './control-kit.ts';
import { buildListeningApp, type RemoteServer, startRemoteServer } from './remote-server-kit.ts';

let t: TestApp;
let remote: RemoteServer;
let kit: ReturnType<typeof controlKit>;

beforeAll(async () => {
  let origin: string;
  ({ t, origin } = await buildListeningApp());
  kit = controlKit(t, origin);
  remote = await startRemoteServer();
});

afterAll(async () => {
  await remote.close();
  await t.close();
});

/** A creator followed by alice from the stand-in (her server verified the Accept). */
async function followedCreator(): Promise<TestUser> {
  const creator = await buildCreator(t, 0);
  const follow = remote.followOf(kit.actorOf(creator));
  expect((await remote.post(kit.inboxOf(creator), follow, 'alice')).status).toBe(202);
  await remote.waitFor((r) => r.type === 'Accept' && r.objectId === follow.id?.href);
  return creator;
}

const deleteAccount = (user: TestUser) =>
  kit.api(user, 'POST', '/api/auth/account/delete/', 200, { password: user.password });

describe('account deletion', () => {
  it('sends a signed Delete of the actor to its remote followers', async () => {
    const creator = await followedCreator();
    const actor = kit.actorOf(creator);
    await deleteAccount(creator);
    // The stand-in records only what verified against the creator's key.
    const arrived = await remote.waitFor((r) => r.type === 'Delete' && r.objectId === actor);
    expect(arrived.inbox).toBe('shared');
    const gone = await t.request({
      url: `/ap/users/${creator.id}`,
      headers: { accept: 'application/activity+json' },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('sends nothing for a suspended account', async () => {
    const creator = await followedCreator();
    await t.pool.query(
      "UPDATE users SET suspended_at = now(), suspension_reason = 'x' WHERE id = $1",
      [creator.id],
    );
    const before = remote.received.length;
    // Its sessions were ended by the suspension: the service deletes it as the route would.
    await t.services.account.deleteAccount(creator.id, creator.password);
    expect((await kit.followersOf(creator)).length).toBe(0);
    await kit.queueDrained();
    expect(remote.received.slice(before)).toEqual([]);
  });
});
