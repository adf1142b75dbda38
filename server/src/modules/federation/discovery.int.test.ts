import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { AP_ACCEPT, buildWorld, getAp, ORIGIN, type World } from './federation-test-kit.ts';

/**
 * Issue 36, phase 1: a Zura account is found from the fediverse. WebFinger by handle, NodeInfo,
 * and the actor document by content negotiation on the profile page, with its keys.
 */
let t: TestApp;
let world: World;

type Json = Record<string, unknown>;

beforeAll(async () => {
  t = await buildTestApp();
  world = await buildWorld(t);
});

afterAll(async () => {
  await t.close();
});

describe('WebFinger', () => {
  it('finds acct:username@host and links the actor', async () => {
    const { creator } = world;
    const res = await t.request({
      method: 'GET',
      url: `/.well-known/webfinger?resource=acct:${creator.username}@zura.test`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/jrd+json');
    const jrd = res.json<{
      subject: string;
      links: { rel: string; type?: string; href?: string }[];
    }>();
    expect(jrd.subject).toBe(`acct:${creator.username}@zura.test`);
    const self = jrd.links.find((link) => link.rel === 'self');
    expect(self).toMatchObject({
      type: 'application/activity+json',
      href: `${ORIGIN}/ap/users/${creator.id}`,
    });
    const page = jrd.links.find((link) => link.rel === 'http://webfinger.net/rel/profile-page');
    expect(page?.href).toBe(`${ORIGIN}/profile/${creator.username}`);
  });

  it('finds a username whatever its case, and by the actor URL', async () => {
    const upper = world.creator.username.toUpperCase();
    const byCase = await t.request({
      method: 'GET',
      url: `/.well-known/webfinger?resource=acct:${upper}@zura.test`,
    });
    expect(byCase.statusCode, byCase.body).toBe(200);
    const byUrl = await t.request({
      method: 'GET',
      url: `/.well-known/webfinger?resource=${encodeURIComponent(`${ORIGIN}/ap/users/${world.creator.id}`)}`,
    });
    expect(byUrl.statusCode, byUrl.body).toBe(200);
  });

  it('answers 404 for unknown and suspended accounts, and 4xx for malformed resources', async () => {
    const cases = [
      'acct:nobody_here_at_all@zura.test',
      `acct:${world.suspended.username}@zura.test`,
      `acct:${world.creator.id}@zura.test`,
    ];
    for (const resource of cases) {
      const res = await t.request({
        method: 'GET',
        url: `/.well-known/webfinger?resource=${encodeURIComponent(resource)}`,
      });
      expect(res.statusCode, resource).toBe(404);
    }
    const malformed = [
      '',
      'acct:',
      'acct:@',
      '%E0%A4%A',
      'http://[bad',
      'acct:a@b@c',
      'x'.repeat(5000),
    ];
    for (const resource of malformed) {
      const res = await t.request({
        method: 'GET',
        url: `/.well-known/webfinger?resource=${resource}`,
      });
      expect(res.statusCode, resource).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, resource).toBeLessThan(500);
    }
    const none = await t.request({ method: 'GET', url: '/.well-known/webfinger' });
    expect(none.statusCode).toBe(400);
  });
});

describe('NodeInfo', () => {
  it('is discovered at /.well-known/nodeinfo and says what the server is', async () => {
    const discovery = await t.request({ method: 'GET', url: '/.well-known/nodeinfo' });
    expect(discovery.statusCode, discovery.body).toBe(200);
    const links = discovery.json<{ links: { rel: string; href: string }[] }>().links;
    const link = links.find((l) => l.rel === 'http://nodeinfo.diaspora.software/ns/schema/2.1');
    expect(link?.href).toBe(`${ORIGIN}/nodeinfo/2.1`);

    const res = await t.request({ method: 'GET', url: '/nodeinfo/2.1' });
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json<{
      version: string;
      software: { name: string; version: string };
      protocols: string[];
      usage: {
        users: { total: number; activeMonth: number; activeHalfyear: number };
        localPosts: number;
      };
    }>();
    expect(info.version).toBe('2.1');
    expect(info.software.name).toBe('zura');
    expect(info.software.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(info.protocols).toEqual(['activitypub']);
    // Every account but the suspended one; each test user signed in, so is active.
    const { rows } = await t.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE suspended_at IS NULL',
    );
    expect(info.usage.users.total).toBe(rows[0]?.n);
    expect(info.usage.users.activeMonth).toBe(rows[0]?.n);
    expect(info.usage.users.activeHalfyear).toBe(rows[0]?.n);
    // The creator's two public posts; none of the gated ones.
    expect(info.usage.localPosts).toBe(2);
  });
});

describe('the actor', () => {
  async function actorOf(userId: number): Promise<Json> {
    const res = await getAp(t, `/ap/users/${userId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/activity+json');
    return res.json<Json>();
  }

  it('is a Person on the stable numeric id, with its collections, inboxes and keys', async () => {
    const { creator } = world;
    const actor = await actorOf(creator.id);
    const id = `${ORIGIN}/ap/users/${creator.id}`;
    expect(actor).toMatchObject({
      id,
      type: 'Person',
      preferredUsername: creator.username,
      name: creator.username,
      summary: '<p>Bio &lt;i&gt;here&lt;/i&gt;</p>',
      url: `${ORIGIN}/profile/${creator.username}`,
      inbox: `${id}/inbox`,
      outbox: `${id}/outbox`,
      followers: `${id}/followers`,
      following: `${id}/following`,
      endpoints: { sharedInbox: `${ORIGIN}/ap/inbox` },
      manuallyApprovesFollowers: false,
    });
    const publicKey = actor.publicKey as Json;
    expect(publicKey.owner).toBe(id);
    expect(String(publicKey.publicKeyPem)).toContain('BEGIN PUBLIC KEY');
    const methods = actor.assertionMethod as Json[];
    expect(methods.length).toBe(2);
    expect(methods.every((m) => m.type === 'Multikey' && m.controller === id)).toBe(true);
    // The same keys on every read: they are made once and kept.
    const again = await actorOf(creator.id);
    expect((again.publicKey as Json).publicKeyPem).toBe(publicKey.publicKeyPem);
    const { rows } = await t.pool.query('SELECT 1 FROM actor_keys WHERE user_id = $1', [
      creator.id,
    ]);
    expect(rows.length).toBe(1);
  });

  it('has an avatar and a cover at stable public addresses that redirect to signed URLs', async () => {
    const { creator, publicPost } = world;
    await t.pool.query(
      'UPDATE users SET profile_image_id = $2, cover_image_id = $2 WHERE id = $1',
      [creator.id, publicPost.uploadId],
    );
    const actor = await actorOf(creator.id);
    expect((actor.icon as Json).url).toBe(`${ORIGIN}/ap/media/users/${creator.id}/avatar`);
    expect((actor.image as Json).url).toBe(`${ORIGIN}/ap/media/users/${creator.id}/cover`);
    for (const which of ['avatar', 'cover']) {
      const res = await t.request({ method: 'GET', url: `/ap/media/users/${creator.id}/${which}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toMatch(
        new RegExp(`^${ORIGIN}/media/${publicPost.uploadId}/original\\?exp=\\d+&sig=`),
      );
      const bytes = await t.request({
        method: 'GET',
        url: String(res.headers.location).replace(ORIGIN, ''),
      });
      expect(bytes.statusCode).toBe(200);
    }
    await t.pool.query(
      'UPDATE users SET profile_image_id = NULL, cover_image_id = NULL WHERE id = $1',
      [creator.id],
    );
    const none = await t.request({ method: 'GET', url: `/ap/media/users/${creator.id}/avatar` });
    expect(none.statusCode).toBe(404);
    for (const url of [
      '/ap/media/users/x/avatar',
      '/ap/media/users/1/other',
      '/ap/media/posts/0/0',
    ]) {
      expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('answers the profile page as the actor for ActivityStreams clients only', async () => {
    const { creator } = world;
    const accepts = [
      AP_ACCEPT,
      'application/ld+json; profile="https://www.w3.org/ns/activitystreams"',
      'application/activity+json, application/ld+json',
    ];
    for (const accept of accepts) {
      const res = await getAp(t, `/profile/${creator.username}`, accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.json<Json>().id).toBe(`${ORIGIN}/ap/users/${creator.id}`);
    }
    const byId = await getAp(t, `/profile/${creator.id}`);
    expect(byId.json<Json>().id).toBe(`${ORIGIN}/ap/users/${creator.id}`);
    // A browser gets the web app (here not built: its own 404 page), never ActivityStreams.
    const browser = await t.request({
      method: 'GET',
      url: `/profile/${creator.username}`,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(browser.headers['content-type']).not.toContain('activity+json');
    expect(browser.body).toContain('web app is not built');
    // An unknown profile asked for as ActivityStreams is the page's business too.
    const unknown = await getAp(t, '/profile/nobody_by_that_name');
    expect(unknown.headers['content-type']).not.toContain('activity+json');
  });

  it('of a locked profile shows its header only and asks to approve followers', async () => {
    const actor = await actorOf(world.lockedProfile.id);
    expect(actor.summary).toBeUndefined();
    expect(actor.manuallyApprovesFollowers).toBe(true);
    expect(JSON.stringify(actor)).not.toContain(world.lockedBio);
  });

  it('answers 404, never a 5xx, for unknown, suspended and malformed identifiers', async () => {
    const urls = [
      `/ap/users/${world.suspended.id}`,
      '/ap/users/999999999',
      '/ap/users/0',
      '/ap/users/abc',
      '/ap/users/1e3',
      '/ap/users/99999999999999999999999',
      `/ap/users/${world.creator.username}`,
      '/ap/users/999999999/outbox',
      '/ap/users/abc/followers',
      '/ap/posts/abc',
      '/ap/nothing-here',
    ];
    for (const url of urls) {
      const res = await getAp(t, url);
      expect(res.statusCode, url).toBe(404);
    }
    // A broken escape is refused before any lookup.
    expect((await getAp(t, '/ap/users/%E0%A4%A')).statusCode).toBe(400);
    const browser = await getAp(t, `/ap/users/${world.creator.id}`, 'text/html');
    expect(browser.statusCode).toBe(406);
  });

  it('has inboxes that take no delivery yet without failing', async () => {
    for (const url of [`/ap/users/${world.creator.id}/inbox`, '/ap/inbox']) {
      const res = await t.request({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/activity+json' },
        payload: JSON.stringify({ type: 'Follow', actor: 'https://remote.example/u', object: 'x' }),
      });
      // Unsigned: refused as unauthenticated, never a 5xx.
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const garbage = await t.request({
      method: 'POST',
      url: '/ap/inbox',
      headers: { 'content-type': 'application/activity+json' },
      payload: '{not json',
    });
    expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbage.statusCode).toBeLessThan(500);
  });

  it('never answers a 5xx to odd methods, bodies, headers or queries', async () => {
    const id = world.creator.id;
    const requests: {
      method: 'GET' | 'HEAD' | 'PUT' | 'DELETE' | 'POST';
      url: string;
      payload?: string;
      accept?: string;
    }[] = [
      { method: 'HEAD', url: `/ap/users/${id}` },
      { method: 'PUT', url: `/ap/users/${id}`, payload: '{}' },
      { method: 'DELETE', url: `/ap/users/${id}/outbox` },
      { method: 'POST', url: `/ap/users/${id}/outbox`, payload: '{}' },
      { method: 'POST', url: '/ap/inbox', payload: 'x'.repeat(1024 * 1024 + 10) },
      { method: 'POST', url: `/ap/users/${id}/inbox`, payload: JSON.stringify({ '@context': 5 }) },
      { method: 'GET', url: `/ap/users/${id}/outbox?cursor=%ZZ` },
      { method: 'GET', url: `/ap/users/${id}?a=%00&b[]=1` },
      { method: 'GET', url: `/ap/users/${id}`, accept: 'application/activity+json;q=foo, */*;q=x' },
      { method: 'GET', url: '/nodeinfo/2.0' },
      { method: 'GET', url: '/.well-known/nodeinfo/extra' },
      { method: 'GET', url: '/.well-known/webfinger?resource=acct:someone@elsewhere.example' },
      {
        method: 'GET',
        url: '/.well-known/webfinger?resource=acct:a@zura.test&resource=acct:b@zura.test',
      },
      { method: 'GET', url: '/.well-known/webfinger?resource=mailto:x@zura.test&rel=self' },
    ];
    for (const { method, url, payload, accept } of requests) {
      const res = await t.request({
        method,
        url,
        headers: {
          accept: accept ?? AP_ACCEPT,
          ...(payload === undefined ? {} : { 'content-type': 'application/activity+json' }),
        },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode, `${method} ${url.slice(0, 80)}`).toBeLessThan(500);
    }
    const huge = await t.request({
      method: 'POST',
      url: '/ap/inbox',
      headers: { 'content-type': 'application/activity+json' },
      payload: 'x'.repeat(1024 * 1024 + 10),
    });
    expect(huge.statusCode).toBe(413);
  });
});
