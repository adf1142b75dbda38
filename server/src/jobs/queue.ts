import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Mail } from '../mail/mailer.ts';

/** Every background job, by queue name, with its payload. */
export type JobPayloads = {
  'send-mail': Mail;
  /** A reset request, handled after its answer so the answer's timing tells nothing. */
  'password-reset-request': { email: string };
  'media-variants': { uploadId: string };
  'subscriptions-renew': Record<string, never>;
  'idempotency-expire': Record<string, never>;
  'unread-counts-fold': Record<string, never>;
  'sessions-expire': Record<string, never>;
};
export type JobName = keyof JobPayloads;
export type JobHandlers = { [Name in JobName]: (data: JobPayloads[Name]) => Promise<unknown> };

/** Recurring jobs (cron, UTC). */
const SCHEDULES: Partial<Record<JobName, string>> = {
  'subscriptions-renew': '* * * * *',
  'idempotency-expire': '17 3 * * *',
  'unread-counts-fold': '41 * * * *',
  'sessions-expire': '29 4 * * *',
};

export type JobQueue = {
  send: <Name extends JobName>(name: Name, data: JobPayloads[Name]) => Promise<void>;
  /** Starts working every queue with its handler; instances that only serve requests skip it. */
  work: (handlers: JobHandlers) => Promise<void>;
  stop: () => Promise<void>;
};

type Log = { error: (obj: object, msg: string) => void };

const JOB_NAMES: JobName[] = [
  'send-mail',
  'password-reset-request',
  'media-variants',
  'subscriptions-renew',
  'idempotency-expire',
  'unread-counts-fold',
  'sessions-expire',
];

/** The PostgreSQL-backed job queue (pg-boss): work survives restarts and needs no other server. */
export async function startJobQueue(pool: pg.Pool, deps: { log: Log }): Promise<JobQueue> {
  // pg-boss runs on the app's own pool, so shutting the pool down closes its connections too
  // and nothing is left talking to the database when it stops.
  // After stop, a handler that outlived the graceful wait may still report its job. pg-boss
  // neither awaits nor catches that report (its worker calls `complete`/`fail` unawaited), so any
  // answer, an error or an empty result alike, would surface as an unhandled rejection. Those
  // last calls are therefore left unanswered: the job expires and is retried by a later run.
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) =>
        stopped ? new Promise<never>(() => undefined) : pool.query(text, values),
    },
  });
  boss.on('error', (error) => deps.log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const name of JOB_NAMES) await boss.createQueue(name);

  return {
    async send(name, data) {
      await boss.send(name, data, { retryLimit: 5, retryDelay: 30, retryBackoff: true });
    },
    async work(handlers) {
      for (const name of JOB_NAMES) {
        const handler = handlers[name] as (data: unknown) => Promise<unknown>;
        // A batch per poll keeps a backlog moving; each job still succeeds or fails on its own.
        await boss.work(name, { pollingIntervalSeconds: 0.5, batchSize: 10 }, async (jobs) => {
          const results = await Promise.allSettled(jobs.map((job) => handler(job.data)));
          for (const [index, result] of results.entries()) {
            const job = jobs[index];
            if (result.status === 'rejected' && job) {
              deps.log.error({ err: result.reason, job: job.id, queue: name }, 'job failed');
              await boss.fail(name, job.id, { message: String(result.reason) });
            }
          }
        });
        const cron = SCHEDULES[name];
        if (cron) await boss.schedule(name, cron);
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
      stopped = true;
    },
  };
}
