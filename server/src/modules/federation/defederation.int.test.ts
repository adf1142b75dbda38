import type { FederationDomainBlock } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildCreator, makeAdmin } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { controlKit } from './control-kit.ts';
import { buildListeningApp, type RemoteServer, startRemoteServer } from './remote-server-kit.ts';

let t: TestApp;
let remote: RemoteServer;
let kit: ReturnType<typeof controlKit>;
let admin: TestUser;
let creator: TestUser;
let origin: string;

beforeAll(async () => {
  ({ t, origin } = await buildListeningApp());
  kit = controlKit(t, origin);
  remote = await startRemoteServer();
  admin = await buildUser(t);
  await makeAdmin(t, admin);
  creator = await buildCreator(t, 0);
});

afterAll(async () => {
  await remote.close();
  await t.close();
});

type Created = { block: FederationDomainBlock; followers_removed: number };
const remoteHost = () => new URL(remote.origin).hostname;

describe('defederation: an admin blocks a remote domain', () => {
  it('is for admins only, and refuses what is not a domain with a 400', async () => {
    const body = { domain: 'example.social' };
    // Admin routes answer a non-admin as if they were not there.
    await kit.api(creator, 'POST', '/api/federation/domain-blocks/', 404, body);
    await kit.api(undefined, 'GET', '/api/federation/domain-blocks/', 401);
    await kit.api(admin, 'POST', '/api/federation/domain-blocks/', 400, { domain: 'not a domain' });
    await kit.api(admin, 'POST', '/api/federation/domain-blocks/', 400, {});
  });

  it('covers its subdomains: a delivery signed by one gets 403 before any check', async () => {
    const made = await kit.api<Created>(admin, 'POST', '/api/federation/domain-blocks/', 201, {
      domain: 'Example.Social',
    });
    expect(made.block.domain).toBe('example.social');
    const deliver = (keyId: string, actor: string) =>
      t.request({
        method: 'POST',
        url: `/ap/users/${creator.id}/inbox`,
        headers: {
          'content-type': 'application/activity+json',
          signature: `keyId="${keyId}",algorithm="rsa-sha256",headers="date",signature="eA=="`,
        },
        payload: JSON.stringify({ type: 'Follow', actor, object: kit.actorOf(creator) }),
      });
    const sub = 'https://media.example.social/users/x';
    expect((await deliver(`${sub}#main-key`, sub)).statusCode).toBe(403);
    // Only the signer's key on the domain: refused too.
    expect((await deliver(`${sub}#main-key`, 'https://elsewhere.example/u')).statusCode).toBe(403);
    // A look-alike domain is not covered: Fedify reads it (and refuses the broken signature).
    const other = 'https://notexample.social/users/x';
    const lookalike = await deliver(`${other}#main-key`, other);
    expect([400, 401]).toContain(lookalike.statusCode);
    await kit.api(admin, 'DELETE', `/api/federation/domain-blocks/${made.block.id}/`, 204);
  });

  it('removes its followers, refuses its deliveries with 403 and sends it nothing', async () => {
    const follow = remote.followOf(kit.actorOf(creator));
    expect((await remote.post(kit.inboxOf(creator), follow, 'alice')).status).toBe(202);
    await remote.waitFor((r) => r.type === 'Accept' && r.objectId === follow.id?.href);

    // The creator follows alice back, from here.
    const handle = `@alice@${new URL(remote.origin).host}`;
    await kit.api(creator, 'POST', '/api/federation/follows/', 201, {
      handle: remote.actor('alice').href,
    });
    const follows = async () =>
      (
        await t.pool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM remote_follows WHERE user_id = $1',
          [creator.id],
        )
      ).rows[0]?.n;
    expect(await follows()).toBe(1);

    // Deliveries waiting on the queue: the one to the domain goes with the block, not another.
    const queued = (inbox: string) =>
      t.pool.query<{ id: number }>(
        `INSERT INTO federation_messages (message, deliver_at)
         VALUES ($1, now() + interval '1 day') RETURNING id::int`,
        [
          JSON.stringify({
            type: 'outbox',
            inbox,
            activityType: 'https://www.w3.org/ns/activitystreams#Create',
          }),
        ],
      );
    const toBlocked = (await queued(`${remote.origin}/inbox`)).rows[0]?.id;
    const toOther = (await queued('https://elsewhere.example/inbox')).rows[0]?.id;

    // Typed as a profile address: the host is what is blocked.
    const created = await kit.api<Created>(admin, 'POST', '/api/federation/domain-blocks/', 201, {
      domain: `https://${remoteHost()}/`,
      reason: 'spam',
    });
    expect(created).toMatchObject({
      block: { domain: remoteHost(), reason: 'spam', blocked_by: admin.id },
      followers_removed: 1,
    });
    expect(await kit.followersOf(creator)).toEqual([]);
    // Nor does anyone here follow its accounts any more: nothing more goes to it.
    expect(await follows()).toBe(0);
    const { rows: left } = await t.pool.query<{ id: number }>(
      'SELECT id::int FROM federation_messages WHERE id = ANY($1)',
      [[toBlocked, toOther]],
    );
    expect(left.map((r) => r.id)).toEqual([toOther]);
    await t.pool.query('DELETE FROM federation_messages WHERE id = $1', [toOther]);
    const list = await kit.api<{ results: FederationDomainBlock[] }>(
      admin,
      'GET',
      '/api/federation/domain-blocks/',
    );
    expect(list.results.map((b) => b.domain)).toEqual([remoteHost()]);
    await kit.api(admin, 'POST', '/api/federation/domain-blocks/', 409, { domain: remoteHost() });
    const audit = await kit.api<{ results: { action: string; target_id: number }[] }>(
      admin,
      'GET',
      '/api/admin/audit-log/',
    );
    expect(audit.results[0]).toMatchObject({
      action: 'domain_blocked',
      target_id: created.block.id,
    });

    // Its accounts are neither looked up nor followed from here.
    await kit.api(creator, 'GET', `/api/federation/lookup/?q=${encodeURIComponent(handle)}`, 403);
    await kit.api(creator, 'POST', '/api/federation/follows/', 403, { handle });

    // Its signed Follow is refused before anything is recorded or answered.
    const refused = remote.followOf(kit.actorOf(creator));
    expect((await remote.post(kit.inboxOf(creator), refused, 'alice')).status).toBe(403);

    // A follower row on the domain (as if it had raced the block) is not delivered to.
    await t.pool.query(
      `INSERT INTO remote_followers (user_id, actor_id, inbox, shared_inbox, handle, follow_id, state)
       VALUES ($1, $2, $3, $4, '@alice@x', $5, 'accepted')`,
      [
        creator.id,
        remote.actor('alice').href,
        `${remote.actor('alice').href}/inbox`,
        `${remote.origin}/inbox`,
        follow.id?.href,
      ],
    );
    const before = remote.received.length;
    const res = await t.request({
      method: 'POST',
      url: '/api/posts/',
      ...multipart({ fields: { content: 'After the block' } }),
      token: creator.access,
    });
    expect(res.statusCode).toBe(201);
    await kit.until(async () => {
      const { rows } = await t.pool.query('SELECT 1 FROM federated_posts WHERE author_id = $1', [
        creator.id,
      ]);
      return rows.length > 0;
    });
    await kit.queueDrained();
    expect(remote.received.slice(before)).toEqual([]);
    await t.pool.query('DELETE FROM remote_followers WHERE user_id = $1', [creator.id]);

    // Lifted: the domain's Follow is taken again.
    await kit.api(admin, 'DELETE', `/api/federation/domain-blocks/${created.block.id}/`, 204);
    await kit.api(admin, 'DELETE', `/api/federation/domain-blocks/${created.block.id}/`, 404);
    const again = remote.followOf(kit.actorOf(creator));
    expect((await remote.post(kit.inboxOf(creator), again, 'alice')).status).toBe(202);
    await remote.waitFor((r) => r.type === 'Accept' && r.objectId === again.id?.href);
  });
});
