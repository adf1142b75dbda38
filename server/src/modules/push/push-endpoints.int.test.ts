import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, sessions } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { subscriptionRows } from '../../../test/push.ts';

/**
 * The default configuration (no PUSH_LOOPBACK_HTTP): an endpoint whose host is, or resolves to,
 * a loopback or private address is refused when subscribing and never contacted when sending.
 * The "push service" here is a bare TCP listener on 127.0.0.1 that counts connections, so any
 * attempt to reach it, https or not, is seen.
 */
let t: TestApp;
let listener: Server;
let port: number;
let connections = 0;
beforeAll(async () => {
  t = await buildTestApp();
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

const device = createECDH('prime256v1');
device.generateKeys();
const keys = {
  p256dh: device.getPublicKey().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
};

const PRIVATE_HOST =
  "must be a push service on the public internet; this host's address is private or local";
const ADDRESS = "must name the push service's host, not an address";

describe('subscribing with the default configuration', () => {
  it.each([
    ['a name resolving to 127.0.0.1', () => `https://localhost:${port}/push/a`, PRIVATE_HOST],
    ['a literal private address', () => 'https://10.1.2.3/push/a', ADDRESS],
    ['the cloud metadata address', () => 'https://169.254.169.254/latest', ADDRESS],
    ['an IPv4-mapped loopback address', () => `https://[::ffff:127.0.0.1]:${port}/a`, ADDRESS],
    ['http to loopback', () => `http://127.0.0.1:${port}/push/a`, 'must be an https:// URL'],
  ])('refuses %s, and contacts nothing', async (_, endpoint, message) => {
    const user = await buildUser(t);
    const before = connections;
    const res = await t.request({
      method: 'POST',
      url: '/api/push/subscriptions/',
      token: user.access,
      payload: { endpoint: endpoint(), keys },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ endpoint: [message] });
    expect(await subscriptionRows(t, endpoint())).toEqual([]);
    expect(connections).toBe(before);
  });

  it('refuses a host that cannot be found', async () => {
    const user = await buildUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/push/subscriptions/',
      token: user.access,
      payload: { endpoint: 'https://push.invalid/x', keys },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      endpoint: ["must name a push service's host that can be found"],
    });
  });
});

describe('sending with the default configuration', () => {
  /** A subscription row as if its host had resolved to a public address when it was taken. */
  async function storedSubscription(endpoint: string) {
    const user = await buildUser(t);
    const [session] = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    const [row] = await t.db
      .insert(pushSubscriptions)
      .values({ userId: user.id, sessionId: session!.id, endpoint, ...keys })
      .returning({ id: pushSubscriptions.id });
    return row!.id;
  }

  it.each([
    ['a name now resolving to 127.0.0.1', () => `https://localhost:${port}/push/b`],
    ['a literal loopback address', () => `https://127.0.0.1:${port}/push/b`],
    ['plain http to loopback', () => `http://127.0.0.1:${port}/push/b`],
  ])('never contacts %s, and drops the subscription', async (_, endpoint) => {
    const subscriptionId = await storedSubscription(endpoint());
    const before = connections;
    await t.services.push.deliver({
      subscriptionId,
      payload: { title: 'x', body: 'y', url: '/', tag: 'z' },
      ttlSeconds: 60,
    });
    expect(connections).toBe(before);
    expect(await subscriptionRows(t, endpoint())).toEqual([]);
  });
});
