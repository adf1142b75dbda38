import { Move } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { buildListeningApp, type RemoteServer, startRemoteServer } from './remote-server-kit.ts';

let t: TestApp;
let origin: string;
let remote: RemoteServer;
let fan: TestUser;

beforeAll(async () => {
  ({ t, origin } = await buildListeningApp());
  remote = await startRemoteServer();
  fan = await buildUser(t);
  // The fan follows alice (accepted), as following out records it.
  const { rows } = await t.pool.query<{ id: string }>(
    `INSERT INTO remote_actors (uri, handle, inbox, shared_inbox, profile_url)
     VALUES ($1, $2, $3, $4, $1) RETURNING id`,
    [
      remote.actor('alice').href,
      `@alice@${new URL(remote.origin).host}`,
      `${remote.actor('alice').href}/inbox`,
      `${remote.origin}/inbox`,
    ],
  );
  await t.pool.query(
    `INSERT INTO remote_follows (user_id, remote_actor_id, follow_uri, state)
     VALUES ($1, $2, $3, 'accepted')`,
    [fan.id, rows[0]?.id, `${origin}/ap/users/${fan.id}#follows/before-the-move`],
  );
});

afterAll(async () => {
  await remote.close();
  await t.close();
});

let moves = 0;
const moveOf = (to: string, object = remote.actor('alice')) =>
  new Move({
    id: new URL(`/moves/${(moves += 1)}`, remote.origin),
    actor: remote.actor('alice'),
    object,
    target: remote.actor(to),
  });

async function deliver(move: Move) {
  const res = await remote.post(`${origin}/ap/inbox`, move, 'alice');
  expect(res.status).toBe(202);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await t.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM federation_messages',
    );
    if (rows[0]?.n === 0) return;
    if (Date.now() > deadline) throw new Error('The queue never drained');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function fansFollows() {
  const { rows } = await t.pool.query<{ uri: string; state: string }>(
    `SELECT a.uri, f.state FROM remote_follows f JOIN remote_actors a ON a.id = f.remote_actor_id
     WHERE f.user_id = $1 ORDER BY a.uri`,
    [fan.id],
  );
  return rows;
}

describe('a followed remote account moving (Move)', () => {
  it('is ignored when the target does not name the old account, or the object is not the actor', async () => {
    // Mallory's account does not name alice in alsoKnownAs.
    await deliver(moveOf('mallory'));
    await deliver(moveOf('alice-new', remote.actor('mallory')));
    expect(await fansFollows()).toEqual([{ uri: remote.actor('alice').href, state: 'accepted' }]);
    expect(remote.received.filter((r) => r.type === 'Follow' || r.type === 'Undo')).toEqual([]);
  });

  it('follows the new account and undoes the follow of the old one', async () => {
    await deliver(moveOf('alice-new'));
    const follow = await remote.waitFor((r) => r.type === 'Follow');
    expect(follow).toMatchObject({ inbox: 'alice-new', objectId: remote.actor('alice-new').href });
    const undo = await remote.waitFor((r) => r.type === 'Undo');
    expect(undo.objectId).toBe(`${origin}/ap/users/${fan.id}#follows/before-the-move`);
    // The new account accepts (the stand-in's alice-new does): the follow becomes accepted.
    const deadline = Date.now() + 20_000;
    while ((await fansFollows())[0]?.state !== 'accepted' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await fansFollows()).toEqual([
      { uri: remote.actor('alice-new').href, state: 'accepted' },
    ]);
  });
});
