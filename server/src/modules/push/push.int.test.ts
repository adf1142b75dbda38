import { createPublicKey } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { startPushEndpoint } from '../../../test/push-endpoint.ts';
import { pushJobsSettled, subscribeDevice, subscriptionRows } from '../../../test/push.ts';

let t: TestApp;
let pushService: Awaited<ReturnType<typeof startPushEndpoint>>;
beforeAll(async () => {
  t = await buildTestApp({ PUSH_LOOPBACK_HTTP: 'true' });
  pushService = await startPushEndpoint();
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});

async function publicKey(): Promise<string> {
  const res = await t.request({ method: 'GET', url: '/api/push/key/' });
  expect(res.statusCode).toBe(200);
  return res.json<{ public_key: string }>().public_key;
}

function sendTest(user: TestUser) {
  return t.request({ method: 'POST', url: '/api/push/test/', token: user.access });
}

describe('the VAPID key', () => {
  it('is public, a P-256 point, and kept in DATA_DIR readable by its owner only', async () => {
    const key = await publicKey();
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(await publicKey()).toBe(key);
    const file = path.join(t.config.dataDir, 'vapid.json');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toMatchObject({ publicKey: key });
  });
});

describe('subscribing this device', () => {
  it('wants a signed-in caller', async () => {
    const device = pushService.device();
    const res = await t.request({
      method: 'POST',
      url: '/api/push/subscriptions/',
      payload: device.subscription,
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['http to a named host', 'http://push.example.com/x', 'must be an https:// URL'],
    [
      'https to an address',
      'https://10.0.0.1/x',
      "must name the push service's host, not an address",
    ],
    ['not an URL', 'push me', 'must be an https:// URL'],
  ])('refuses an endpoint of %s', async (_, endpoint, message) => {
    const user = await buildUser(t);
    const { keys } = pushService.device().subscription;
    const res = await t.request({
      method: 'POST',
      url: '/api/push/subscriptions/',
      token: user.access,
      payload: { endpoint, keys },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ endpoint: [message] });
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret', async () => {
    const user = await buildUser(t);
    const { endpoint } = pushService.device();
    const res = await t.request({
      method: 'POST',
      url: '/api/push/subscriptions/',
      token: user.access,
      payload: { endpoint, keys: { p256dh: 'abc', auth: 'not base64url!' } },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ keys: string[] }>().keys;
    expect(errors).toEqual(
      expect.arrayContaining([expect.stringContaining('must encode 65 bytes')]),
    );
    expect(errors).toEqual(expect.arrayContaining([expect.stringContaining('must be base64url')]));
  });

  it('says whether this device is subscribed, and unsubscribes it', async () => {
    const user = await buildUser(t);
    const state = () =>
      t.request({ method: 'GET', url: '/api/push/subscriptions/', token: user.access });
    expect((await state()).json()).toEqual({ subscribed: false });
    const device = pushService.device();
    await subscribeDevice(t, user, device);
    expect((await state()).json()).toEqual({ subscribed: true });
    const off = await t.request({
      method: 'DELETE',
      url: '/api/push/subscriptions/',
      token: user.access,
    });
    expect(off.json()).toEqual({ subscribed: false });
    expect((await state()).json()).toEqual({ subscribed: false });
    expect(await subscriptionRows(t, device.endpoint)).toEqual([]);
  });

  it('keeps one subscription per sign-in, and moves an endpoint to the account now using it', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const first = pushService.device();
    const second = pushService.device();
    await subscribeDevice(t, alice, first);
    await subscribeDevice(t, alice, second);
    expect(await subscriptionRows(t, first.endpoint)).toEqual([]);
    await subscribeDevice(t, bob, second);
    expect((await subscriptionRows(t, second.endpoint)).map((row) => row.userId)).toEqual([bob.id]);
  });
});

describe('a test notification', () => {
  it('is refused for a device that has not turned notifications on', async () => {
    const user = await buildUser(t);
    const res = await sendTest(user);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      detail: 'Notifications are not turned on for this device.',
    });
  });

  it('reaches the push service encrypted for the device and signed with the VAPID key', async () => {
    const user = await buildUser(t);
    const device = pushService.device();
    await subscribeDevice(t, user, device);
    const res = await sendTest(user);
    expect(res.statusCode).toBe(202);
    expect(await device.waitForPush()).toEqual({
      title: 'Zura',
      body: 'Notifications work on this device.',
      url: '/settings',
      tag: 'push-test',
    });
    const { headers, body } = device.received[0]!;
    expect(headers['content-encoding']).toBe('aes128gcm');
    expect(body.toString('utf8')).not.toContain('Notifications work');
    expect(Number(headers.ttl)).toBeGreaterThan(0);
    // RFC 8292: `vapid t=<JWT signed ES256 for the endpoint's origin>, k=<our public key>`.
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(headers.authorization ?? '');
    const key = await publicKey();
    expect(match?.[2]).toBe(key);
    const point = Buffer.from(key, 'base64url');
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    };
    const { payload } = await jwtVerify(
      match?.[1] ?? '',
      createPublicKey({ key: jwk, format: 'jwk' }),
    );
    expect(payload.aud).toBe(new URL(device.endpoint).origin);
    expect(payload.sub).toBe('mailto:no-reply@localhost');
  });
});

describe('test notifications', () => {
  it('are limited to ten an hour per account', async () => {
    const user = await buildUser(t);
    await subscribeDevice(t, user, pushService.device());
    for (let sent = 0; sent < 10; sent++) expect((await sendTest(user)).statusCode).toBe(202);
    const refused = await sendTest(user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toMatch(
      /^Too many test notifications\. Please try again in \d+ seconds\.$/,
    );
  });
});

describe('answers of the push service', () => {
  it('drops a subscription the push service says is gone (410)', async () => {
    const user = await buildUser(t);
    const device = pushService.device();
    await subscribeDevice(t, user, device);
    device.answer(410);
    expect((await sendTest(user)).statusCode).toBe(202);
    await device.waitForPush();
    await pushJobsSettled(t);
    expect(await subscriptionRows(t, device.endpoint)).toEqual([]);
  });

  it('drops one it says it does not know (404)', async () => {
    const user = await buildUser(t);
    const device = pushService.device();
    await subscribeDevice(t, user, device);
    device.answer(404);
    await sendTest(user);
    await device.waitForPush();
    await pushJobsSettled(t);
    expect(await subscriptionRows(t, device.endpoint)).toEqual([]);
  });

  it('keeps one on any other failure, and fails the delivery so the job retries it', async () => {
    const user = await buildUser(t);
    const device = pushService.device();
    await subscribeDevice(t, user, device);
    device.answer(503);
    const [row] = await subscriptionRows(t, device.endpoint);
    await expect(
      t.services.push.deliver({
        subscriptionId: row!.id,
        payload: { title: 'x', body: 'y', url: '/', tag: 'z' },
        ttlSeconds: 60,
      }),
    ).rejects.toThrow('push service answered 503');
    expect(device.received).toHaveLength(1);
    expect(await subscriptionRows(t, device.endpoint)).toHaveLength(1);
  });
});
