import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { buildListeningApp, type RemoteServer, startRemoteServer } from './remote-server-kit.ts';

/**
 * Following out with private addresses not allowed (`FEDERATION_ALLOW_PRIVATE` unset, the
 * default): an account on a loopback or private address is neither looked up nor followed.
 */
let t: TestApp;
let remote: RemoteServer;
let viewer: TestUser;

beforeAll(async () => {
  ({ t } = await buildListeningApp({}));
  remote = await startRemoteServer();
  viewer = await buildUser(t);
});

afterAll(async () => {
  await remote.close();
  await t.close();
});

const lookup = (q: string) =>
  t.request({ url: `/api/federation/lookup/?q=${encodeURIComponent(q)}`, token: viewer.access });

describe('following out without private addresses', () => {
  it('refuses a loopback, private or localhost account with a 400 and fetches nothing', async () => {
    const port = new URL(remote.origin).port;
    for (const q of [
      remote.actor('alice').href,
      `@alice@127.0.0.1:${port}`,
      '@bob@localhost',
      '@carol@10.1.2.3',
      'https://192.168.0.7/users/dan',
      'http://[::1]/users/eve',
    ]) {
      const res = await lookup(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json<{ detail: string }>().detail, q).toContain('private network');
    }
    const follow = await t.request({
      method: 'POST',
      url: '/api/federation/follows/',
      payload: { handle: remote.actor('alice').href },
      token: viewer.access,
    });
    expect(follow.statusCode).toBe(400);
    // The stand-in was never asked anything.
    expect(remote.received).toEqual([]);
    const { rows } = await t.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM remote_actors',
    );
    expect(rows[0]?.n).toBe(0);
  });
});
