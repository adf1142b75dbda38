import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { startJobQueue, type JobHandlers } from './queue.ts';

/**
 * The queue's shutdown: a job still being worked when the queue stops must end quietly, whether
 * its handler finishes or fails after the stop. A job whose result cannot be saved because the
 * database went away must not bring the process down either.
 */

// A database of its own whose app is shut at once, so no other worker takes these jobs.
let databaseUrl: string;
beforeAll(async () => {
  const t = await buildTestApp();
  databaseUrl = t.databaseUrl;
  await t.close();
});

/** Every queue's handler does nothing, except `send-mail`, which waits for `release`. */
function handlersWithMail(
  started: ReturnType<typeof deferred>,
  release: ReturnType<typeof deferred>,
): JobHandlers {
  return {
    'send-mail': async () => {
      started.resolve();
      await release.promise;
    },
    'password-reset-request': async () => undefined,
    'media-variants': async () => undefined,
    'video-transcode': async () => undefined,
    'video-transcode-long': async () => undefined,
    'video-mark': async () => undefined,
    'subscriptions-renew': async () => undefined,
    'idempotency-expire': async () => undefined,
    'posts-publish-due': async () => undefined,
    'mass-message-send': async () => undefined,
    'welcome-message-send': async () => undefined,
    'unread-counts-fold': async () => undefined,
    'sessions-expire': async () => undefined,
    'push-notify': async () => undefined,
    'push-deliver': async () => undefined,
  };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A queue on a pool of its own with one `send-mail` job to `to` whose handler has started and
 * waits for `release`; unhandled rejections meanwhile are collected. `run` acts, then answers.
 */
async function withBusyMailJob(
  to: string,
  run: (busy: {
    pool: pg.Pool;
    queue: Awaited<ReturnType<typeof startJobQueue>>;
    release: ReturnType<typeof deferred>;
    logged: string[];
  }) => Promise<void>,
): Promise<unknown[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    const logged: string[] = [];
    const queue = await startJobQueue(pool, { log: { error: (_, msg) => logged.push(msg) } });
    const started = deferred();
    const release = deferred();
    await queue.work(handlersWithMail(started, release));
    await queue.send('send-mail', { to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
    await started.promise;
    await run({ pool, queue, release, logged });
    return unhandled;
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await pool.end().catch(() => undefined);
  }
}

/** Lets the handler end as told, then waits for whatever it set off. */
async function finish(release: ReturnType<typeof deferred>, outcome: 'finishes' | 'fails') {
  if (outcome === 'finishes') release.resolve();
  else release.reject(new Error('SMTP went away'));
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe('a job that outlives the queue', () => {
  it.each(['finishes', 'fails'] as const)(
    'reports nothing and raises nothing when its handler %s after the stop',
    async (outcome) => {
      const unhandled = await withBusyMailJob('a@example.com', async ({ pool, queue, release }) => {
        // The stop gives up waiting after its grace period while the handler is still busy.
        await queue.stop();
        await finish(release, outcome);
        // The stop handed the unfinished job back for a retry; nothing after it marked it done.
        const { rows } = await pool.query<{ state: string }>(
          `SELECT state FROM pgboss.job WHERE name = 'send-mail'
             AND data->>'to' = 'a@example.com' ORDER BY created_on DESC LIMIT 1`,
        );
        expect(rows[0]?.state).toBe('retry');
      });
      expect(unhandled).toEqual([]);
    },
    30_000,
  );
});

describe('a job that finishes while the database is gone', () => {
  it.each(['finishes', 'fails'] as const)(
    'logs that its result was not saved, and raises nothing, when its handler %s',
    async (outcome) => {
      const unhandled = await withBusyMailJob(
        'gone@example.com',
        async ({ pool, queue, release, logged }) => {
          await pool.end();
          await finish(release, outcome);
          expect(logged).toContain('job result not saved; the job will be retried');
          await queue.stop().catch(() => undefined);
        },
      );
      expect(unhandled).toEqual([]);
    },
    30_000,
  );
});
