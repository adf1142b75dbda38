import { Temporal } from '@js-temporal/polyfill';
import type { KvStore, MessageQueue } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { describeKvStore } from './kv-store-contract.ts';
import { createPostgresKvStore } from './kv-store.ts';
import { createPostgresMessageQueue } from './message-queue.ts';

/**
 * Fedify's key-value store and message queue on the real database: what several instances
 * share (issue 36). Two stores or queues over one database stand for two instances.
 */
let t: TestApp;
let kv: KvStore;
let other: KvStore;

/** Fedify's durations are the polyfill's; the interfaces name TypeScript's own Temporal. */
const duration = (like: Temporal.DurationLike) =>
  Temporal.Duration.from(like) as unknown as globalThis.Temporal.Duration;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = { error: () => undefined };

beforeAll(async () => {
  // Off: the app's own federation worker would take the test's messages.
  t = await buildTestApp({ FEDERATION: 'false' });
  kv = createPostgresKvStore(t.db);
  other = createPostgresKvStore(t.db);
});

afterAll(async () => {
  await t.close();
});

describeKvStore('the key-value store on PostgreSQL', () => ({
  kv,
  other,
  another: () => createPostgresKvStore(t.db),
}));

describe('the message queue', () => {
  /** Two instances' queues over the database, each listening, collecting what they handle. */
  function twoListeners() {
    const controller = new AbortController();
    const handled: { by: string; message: unknown }[] = [];
    const queues: MessageQueue[] = ['a', 'b'].map(() =>
      createPostgresMessageQueue(t.db, { log, pollMs: 50 }),
    );
    const listening = queues.map((queue, index) =>
      queue.listen(
        async (message: unknown) => {
          handled.push({ by: index === 0 ? 'a' : 'b', message });
          await sleep(5);
        },
        { signal: controller.signal },
      ),
    );
    return {
      queues: queues as [MessageQueue, MessageQueue],
      handled,
      async stop() {
        controller.abort();
        await Promise.all(listening);
      },
    };
  }

  async function until(check: () => boolean, ms = 10_000) {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await sleep(20);
    }
  }

  it('hands each message to exactly one of two listening instances', async () => {
    const world = twoListeners();
    const [a, b] = world.queues;
    const sent = Array.from({ length: 40 }, (_, i) => ({ type: 'deliver', n: i }));
    await a.enqueueMany?.(sent.slice(0, 20));
    for (const message of sent.slice(20)) await b.enqueue(message);
    await until(() => world.handled.length >= 40);
    await sleep(300);
    await world.stop();
    expect(world.handled.length).toBe(40);
    const numbers = world.handled.map((h) => (h.message as { n: number }).n).sort((x, y) => x - y);
    expect(numbers).toEqual(sent.map((m) => m.n));
    const { rows } = await t.pool.query('SELECT count(*)::int AS n FROM federation_messages');
    expect(rows[0]?.n).toBe(0);
  });

  it('keeps a delayed message until its time', async () => {
    const world = twoListeners();
    const [a] = world.queues;
    const start = Date.now();
    await a.enqueue({ late: true }, { delay: duration({ milliseconds: 1_500 }) });
    await a.enqueue({ late: false });
    await until(() => world.handled.length >= 1);
    expect(world.handled.map((h) => h.message)).toEqual([{ late: false }]);
    expect(await a.getDepth?.()).toEqual({ queued: 1, ready: 0, delayed: 1 });
    await until(() => world.handled.length >= 2);
    expect(Date.now() - start).toBeGreaterThanOrEqual(1_400);
    await world.stop();
  });

  it('handles messages of one ordering key one at a time, in order', async () => {
    const queue = createPostgresMessageQueue(t.db, { log, pollMs: 20 });
    const controller = new AbortController();
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const handler = async (message: unknown) => {
      running += 1;
      most = Math.max(most, running);
      await sleep(30);
      order.push((message as { n: number }).n);
      running -= 1;
    };
    const listeners = [1, 2, 3].map(() => queue.listen(handler, { signal: controller.signal }));
    for (let n = 0; n < 6; n++) await queue.enqueue({ n }, { orderingKey: 'post-1' });
    await until(() => order.length >= 6);
    controller.abort();
    await Promise.all(listeners);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(1);
  });

  it('stops listening when aborted, finishing the message in hand first', async () => {
    const queue = createPostgresMessageQueue(t.db, { log, pollMs: 20 });
    const controller = new AbortController();
    let finished = false;
    const listening = queue.listen(
      async () => {
        controller.abort();
        await sleep(100);
        finished = true;
      },
      { signal: controller.signal },
    );
    await queue.enqueue({ last: true });
    await listening;
    expect(finished).toBe(true);
    // A listener already aborted returns at once.
    await queue.listen(() => undefined, { signal: AbortSignal.abort() });
  });

  it('gives a message whose worker died to another once its lease ends', async () => {
    await t.pool.query(
      `INSERT INTO federation_messages (message, locked_until) VALUES ('{"orphan":true}', now() - interval '1 second')`,
    );
    const world = twoListeners();
    await until(() => world.handled.some((h) => JSON.stringify(h.message) === '{"orphan":true}'));
    await world.stop();
  });
});
