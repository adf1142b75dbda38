import type { MessageQueue, MessageQueueEnqueueOptions } from '@fedify/fedify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { federationMessages } from '../../db/schema/index.ts';

type Log = { error: (obj: object, msg: string) => void };

export type PostgresQueueOptions = {
  /** How often an idle listener looks for work another instance queued (ms). */
  pollMs?: number;
  /**
   * How long a claimed message is this worker's: one not finished by then (the instance died)
   * is claimed again. Longer than any one delivery, with Fedify's own fetch timeouts.
   */
  leaseMs?: number;
  /**
   * Messages one `listen` handles at once (8 by default): deliveries wait on remote servers,
   * and one slow server must hold one worker, not every delivery behind it.
   */
  workers?: number;
  log: Log;
};

const messages = federationMessages;
const DEFAULT_WORKERS = 8;

function delayMs(options: MessageQueueEnqueueOptions | undefined): number {
  const ms = options?.delay?.total({ unit: 'milliseconds' }) ?? 0;
  return Math.max(0, ms);
}

/**
 * Fedify's `MessageQueue` on our PostgreSQL, safe with several instances: a worker claims one
 * due message with `FOR UPDATE SKIP LOCKED` and a lease, handles it, then deletes it, so each
 * message is handled by one worker once (again only if that worker died mid-way). Messages with
 * an ordering key wait while an older one with that key is still queued or running.
 *
 * Not pg-boss (`jobs/queue.ts`): its jobs carry ids only and its handler table is fixed at start,
 * while Fedify's messages are whole activities that Fedify itself retries with backoff
 * (`nativeRetrial` false), and Fedify starts and stops its own listeners.
 */
export function createPostgresMessageQueue(
  db: Database,
  options: PostgresQueueOptions,
): MessageQueue {
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  const workers = Math.max(1, options.workers ?? DEFAULT_WORKERS);
  // Idle workers of this process wake as soon as it queues something; other instances poll.
  // One is woken per message, not all of them: every woken worker asks the database.
  const idle = new Set<() => void>();
  const wake = (count: number) => {
    for (const done of idle) {
      if (count-- <= 0) break;
      done();
    }
  };

  async function insert(batch: readonly unknown[], enqueueOptions?: MessageQueueEnqueueOptions) {
    if (batch.length === 0) return;
    const ms = delayMs(enqueueOptions);
    await db.insert(messages).values(
      batch.map((message) => ({
        message,
        deliverAt: new Date(Date.now() + ms),
        orderingKey: enqueueOptions?.orderingKey ?? null,
      })),
    );
    if (ms === 0) wake(batch.length);
  }

  /** The oldest due message nobody holds, now leased to the caller; undefined when none. */
  async function claim(): Promise<{ id: number; message: unknown } | undefined> {
    const { rows } = await db.execute<{ id: string; message: unknown }>(sql`
      update ${messages} set locked_until = now() + ${`${leaseMs} milliseconds`}::interval
       where id = (
        select m.id from ${messages} m
         where m.deliver_at <= now() and (m.locked_until is null or m.locked_until < now())
           and (m.ordering_key is null or not exists (
             select 1 from ${messages} older
              where older.ordering_key = m.ordering_key and older.id < m.id))
         order by m.deliver_at, m.id
         limit 1
         for update skip locked)
      returning id, message`);
    const row = rows[0];
    return row && { id: Number(row.id), message: row.message };
  }

  /** Whether an idle worker of this process is already polling for other instances' messages. */
  let polling = false;

  /**
   * One worker: claims and handles messages until none is due, then waits. One idle worker at
   * a time also polls for what other instances queue; the others wait for a wake (a message
   * queued here, or another worker's claim), so an idle instance asks once per `pollMs`.
   */
  async function work(
    handler: (message: unknown) => Promise<void> | void,
    signal: AbortSignal | undefined,
  ) {
    while (!signal?.aborted) {
      let claimed: Awaited<ReturnType<typeof claim>>;
      try {
        claimed = await claim();
      } catch (error) {
        // The database away for a moment: try again after the pause, never stop listening.
        options.log.error({ err: error }, 'federation queue: claim failed');
        claimed = undefined;
      }
      if (claimed) {
        // More may be due: one more idle worker looks (and wakes the next if it finds one).
        wake(1);
        try {
          await handler(claimed.message);
        } catch (error) {
          // Fedify has retried (or re-queued) what can be retried; this one is done.
          options.log.error({ err: error, message: claimed.id }, 'federation queue: failed');
        }
        await db
          .execute(sql`delete from ${messages} where id = ${claimed.id}`)
          .catch((error: unknown) =>
            options.log.error({ err: error }, 'federation queue: could not remove a message'),
          );
        continue;
      }
      await new Promise<void>((resolve) => {
        const polls = !polling;
        polling ||= polls;
        const timer = polls ? setTimeout(done, pollMs) : undefined;
        function done() {
          clearTimeout(timer);
          if (polls) polling = false;
          idle.delete(done);
          signal?.removeEventListener('abort', done);
          resolve();
        }
        idle.add(done);
        signal?.addEventListener('abort', done, { once: true });
        // Aborted while claiming: the listener above will never fire.
        if (signal?.aborted) done();
      });
    }
  }

  return {
    // Fedify retries failed deliveries itself, with its backoff policy.
    nativeRetrial: false,

    enqueue: (message, enqueueOptions) => insert([message], enqueueOptions),
    enqueueMany: (batch, enqueueOptions) => insert(batch, enqueueOptions),

    async getDepth() {
      const { rows } = await db.execute<{ queued: string; ready: string }>(sql`
        select count(*) as queued, count(*) filter (where deliver_at <= now()) as ready
          from ${messages} where locked_until is null or locked_until < now()`);
      const queued = Number(rows[0]?.queued ?? 0);
      const ready = Number(rows[0]?.ready ?? 0);
      return { queued, ready, delayed: queued - ready };
    },

    /**
     * Handles up to `workers` messages at once until `signal` aborts; resolves once the last is
     * done. Each worker claims, handles and only then deletes its message, so a message is never
     * lost to a crash mid-way (Fedify's `ParallelMessageQueue` would acknowledge it at once).
     */
    async listen(handler, listenOptions) {
      const signal = listenOptions?.signal;
      await Promise.all(Array.from({ length: workers }, () => work(handler, signal)));
    },
  };
}
