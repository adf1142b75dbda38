import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FederationDeliveries } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildCreator, makeAdmin } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { buildListeningApp } from './remote-server-kit.ts';

/** A remote server's inbox that answers `status` until told otherwise, keeping what came. */
async function startInbox(status: number) {
  const received: { type: string }[] = [];
  const inbox = { status, received, url: '' };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (inbox.status < 300) {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string });
      }
      response.writeHead(inbox.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  inbox.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/users/someone/inbox`;
  return { inbox, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A loopback address nothing listens on: the connection is refused. */
async function closedInbox() {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/users/nobody/inbox`;
}

async function until(condition: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('The condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let t: TestApp;
let creator: TestUser;
let admin: TestUser;
let fan: TestUser;
const servers: { close: () => Promise<void> }[] = [];
let gone: Awaited<ReturnType<typeof startInbox>>['inbox'];
let broken: Awaited<ReturnType<typeof startInbox>>['inbox'];
let healthy: Awaited<ReturnType<typeof startInbox>>['inbox'];
let refused: string;

beforeAll(async () => {
  // Two attempts per delivery: a second apart, so a test sees Fedify give up.
  ({ t } = await buildListeningApp({
    FEDERATION_ALLOW_PRIVATE: 'true',
    FEDERATION_DELIVERY_ATTEMPTS: '2',
  }));
  creator = await buildCreator(t, 0);
  admin = await buildUser(t);
  await makeAdmin(t, admin);
  fan = await buildUser(t);
  const started = await Promise.all([startInbox(410), startInbox(500), startInbox(202)]);
  servers.push(...started);
  [gone, broken, healthy] = started.map((server) => server.inbox) as [
    typeof gone,
    typeof broken,
    typeof healthy,
  ];
  refused = await closedInbox();
  // Four accepted remote followers of the creator, each on its own inbox.
  for (const [n, inbox] of [gone.url, broken.url, healthy.url, refused].entries()) {
    await t.pool.query(
      `INSERT INTO remote_followers (user_id, actor_id, inbox, handle, state)
       VALUES ($1, $2, $3, $4, 'accepted')`,
      [creator.id, inbox.replace(/\/inbox$/, `/${n}`), inbox, `@f${n}@remote.example`],
    );
  }
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await t.close();
});

const deliveries = (user: TestUser | undefined) =>
  t.request({ method: 'GET', url: '/api/federation/deliveries/', token: user?.access });

async function letters() {
  const res = await deliveries(admin);
  expect(res.statusCode).toBe(200);
  return res.json<FederationDeliveries>();
}

describe('dead letters: deliveries Fedify gave up on', () => {
  it('keeps a permanent failure, an exhausted retry and an unreachable inbox, not a success', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/posts/',
      ...multipart({ fields: { content: 'To every follower' } }),
      token: creator.access,
    });
    expect(res.statusCode).toBe(201);
    await until(async () => (await letters()).results.length >= 3);
    await until(() => healthy.received.length > 0);
    const { results } = await letters();
    const byInbox = new Map(results.map((letter) => [letter.inbox, letter]));
    expect(results).toHaveLength(3);
    expect(byInbox.get(gone.url)).toMatchObject({
      activity_type: 'Create',
      status_code: 410,
      attempts: 1,
    });
    expect(byInbox.get(broken.url)).toMatchObject({ status_code: 500, attempts: 2 });
    expect(byInbox.get(refused)).toMatchObject({ status_code: null, attempts: 2 });
    expect(byInbox.has(healthy.url)).toBe(false);
    expect(healthy.received.map((activity) => activity.type)).toEqual(['Create']);
  });

  it('forgets a follower whose inbox answered 410 Gone, and keeps the others', async () => {
    const { rows } = await t.pool.query<{ inbox: string }>(
      'SELECT inbox FROM remote_followers WHERE user_id = $1 ORDER BY id',
      [creator.id],
    );
    expect(rows.map((row) => row.inbox)).toEqual([broken.url, healthy.url, refused]);
  });

  it('shows admins no part of the queued message: its signing keys stay in the database', async () => {
    const res = await deliveries(admin);
    const { rows } = await t.pool.query<{ message: { keys?: unknown[] } }>(
      'SELECT message FROM federation_dead_letters LIMIT 1',
    );
    expect(rows[0]?.message.keys?.length).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/"keys"|privateKey|"d":/);
    expect(Object.keys(res.json<FederationDeliveries>().results[0] ?? {}).sort()).toEqual([
      'activity_id',
      'activity_type',
      'attempts',
      'error',
      'failed_at',
      'id',
      'inbox',
      'status_code',
    ]);
  });

  it('is for admins only, signed in first (others are answered as if it did not exist)', async () => {
    expect((await deliveries(undefined)).statusCode).toBe(401);
    expect((await deliveries(fan)).statusCode).toBe(404);
    const retried = await t.request({
      method: 'POST',
      url: '/api/federation/deliveries/1/retry/',
      token: fan.access,
    });
    expect(retried.statusCode).toBe(404);
    expect((await letters()).results).toHaveLength(3);
    const bad = await t.request({
      method: 'POST',
      url: '/api/federation/deliveries/abc/retry/',
      token: admin.access,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('sends a dead letter again once the inbox is back, and only once', async () => {
    const letter = (await letters()).results.find((item) => item.inbox === broken.url);
    expect(letter).toBeDefined();
    broken.status = 202;
    const retry = () =>
      t.request({
        method: 'POST',
        url: `/api/federation/deliveries/${letter?.id}/retry/`,
        token: admin.access,
      });
    const [first, second] = await Promise.all([retry(), retry()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 404]);
    await until(() => broken.received.length > 0);
    expect(broken.received.map((activity) => activity.type)).toEqual(['Create']);
    expect((await letters()).results.some((item) => item.id === letter?.id)).toBe(false);
  });

  it('forgets a dead letter on request', async () => {
    const letter = (await letters()).results.find((item) => item.inbox === refused);
    const forget = () =>
      t.request({
        method: 'DELETE',
        url: `/api/federation/deliveries/${letter?.id}/`,
        token: admin.access,
      });
    expect((await forget()).statusCode).toBe(204);
    expect((await forget()).statusCode).toBe(404);
    expect((await letters()).results.map((item) => item.inbox)).toEqual([gone.url]);
  });
});
