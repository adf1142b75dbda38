import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Mail } from '../mail/mailer.ts';
import type { PushDelivery } from '../modules/push/index.ts';

/** Every background job, by queue name, with its payload. */
type JobPayloads = {
  'send-mail': Mail;
  /** A reset request, handled after its answer so the answer's timing tells nothing. */
  'password-reset-request': { email: string };
  'media-variants': { uploadId: string };
  /** Transcodes a video upload; one probe decides whether it moves on to the long queue. */
  'video-transcode': { uploadId: string };
  /** Videos longer than a few minutes, so they never hold up short ones. */
  'video-transcode-long': { uploadId: string };
  /** Makes the marked variant of a gated video's segments (`uploads/jobs/video-mark.ts`). */
  'video-mark': { uploadId: string };
  'subscriptions-renew': Record<string, never>;
  'idempotency-expire': Record<string, never>;
  'unread-counts-fold': Record<string, never>;
  'sessions-expire': Record<string, never>;
  /** Publishes scheduled posts that are due (`posts/schedule.ts`). */
  'posts-publish-due': Record<string, never>;
  /** Delivers a mass message to its segment in batches; a retry sends only what is missing. */
  'mass-message-send': { massMessageId: number };
  /** The creator's current welcome message to one new subscriber. */
  'welcome-message-send': { creatorId: number; fanId: number; subscribedAt: string };
  /** Notifications just published: a delivery job per device of each user with no tab open. */
  'push-notify': { notificationIds: number[] };
  /** One push to one device; 404/410 drops the subscription, other failures are retried. */
  'push-deliver': PushDelivery;
};
type JobName = keyof JobPayloads;
/** What a handler may want to know about its run: whether a failure now is final. */
export type JobRun = { lastAttempt: boolean };
export type JobHandlers = {
  [Name in JobName]: (data: JobPayloads[Name], run: JobRun) => Promise<unknown>;
};

/**
 * Queues that run one long job at a time per worker, with `workers` workers each, at most one
 * job per key queued and one running (pg-boss's `stately` policy), and a lease long enough for
 * the longest video the queue takes on a slow machine: a crashed worker's job is retried when
 * the lease ends, so the short queue (videos up to 5 minutes) keeps a short one.
 */
const LONG_RUNNING: Partial<
  Record<JobName, { keyOf: (data: { uploadId: string }) => string; leaseHours: number }>
> = {
  'video-transcode': { keyOf: (data) => data.uploadId, leaseHours: 1 },
  'video-transcode-long': { keyOf: (data) => data.uploadId, leaseHours: 6 },
  'video-mark': { keyOf: (data) => data.uploadId, leaseHours: 6 },
};
const LONG_RUNNING_RETRIES = 3;

/** Recurring jobs (cron, UTC). */
const SCHEDULES: Partial<Record<JobName, string>> = {
  'subscriptions-renew': '* * * * *',
  'idempotency-expire': '17 3 * * *',
  'unread-counts-fold': '41 * * * *',
  'sessions-expire': '29 4 * * *',
  // Cron's finest step is a minute; the runtime also runs it every few seconds between ticks.
  'posts-publish-due': '* * * * *',
};

export type JobQueue = {
  send: <Name extends JobName>(name: Name, data: JobPayloads[Name]) => Promise<void>;
  /**
   * Starts working every queue with its handler; instances that only serve requests skip it.
   * `longRunningWorkers` is how many jobs of each long-running queue run at once.
   */
  work: (handlers: JobHandlers, options?: { longRunningWorkers?: number }) => Promise<void>;
  stop: () => Promise<void>;
};

type Log = { error: (obj: object, msg: string) => void };

const JOB_NAMES: JobName[] = [
  'send-mail',
  'password-reset-request',
  'media-variants',
  'video-transcode',
  'video-transcode-long',
  'video-mark',
  'subscriptions-renew',
  'idempotency-expire',
  'unread-counts-fold',
  'sessions-expire',
  'posts-publish-due',
  'mass-message-send',
  'welcome-message-send',
  'push-notify',
  'push-deliver',
];

/**
 * Whether pg-boss's statement reports a finished job (its `complete` or `fail` by id), the two
 * statements its worker sends without awaiting them.
 */
function isJobReport(text: string): boolean {
  return (
    text.includes('SET completed_on = now()') ||
    (text.includes('WITH deleted_jobs AS') && text.includes('UNNEST($2::uuid[])'))
  );
}

/** The PostgreSQL-backed job queue (pg-boss): work survives restarts and needs no other server. */
export async function startJobQueue(pool: pg.Pool, deps: { log: Log }): Promise<JobQueue> {
  // pg-boss runs on the app's own pool, so shutting the pool down closes its connections too
  // and nothing is left talking to the database when it stops.
  // After stop, a handler that outlived the graceful wait may still report its job. pg-boss
  // neither awaits nor catches that report (its worker calls `complete`/`fail` unawaited), so any
  // answer, an error or an empty result alike, would surface as an unhandled rejection. Those
  // last calls are therefore left unanswered: the job expires and is retried by a later run.
  // The same unawaited report fails when the database drops while a job runs (a restart, a
  // network cut); its rejection would end the process. A report that cannot be written is logged
  // and answered with "nothing changed": the job stays active, expires and is retried.
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: async (text, values) => {
        if (stopped) return new Promise<never>(() => undefined);
        try {
          return await pool.query(text, values);
        } catch (error) {
          if (!isJobReport(text)) throw error;
          deps.log.error({ err: error }, 'job result not saved; the job will be retried');
          return { rows: [{ count: 0 }], rowCount: 0 };
        }
      },
    },
  });
  boss.on('error', (error) => deps.log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const name of JOB_NAMES) {
    await boss.createQueue(name, LONG_RUNNING[name] ? { name, policy: 'stately' } : { name });
  }

  return {
    async send(name, data) {
      const longRunning = LONG_RUNNING[name];
      if (longRunning) {
        // A second send for a key already waiting is dropped by the queue's policy (null id).
        await boss.send(name, data, {
          singletonKey: longRunning.keyOf(data as { uploadId: string }),
          retryLimit: LONG_RUNNING_RETRIES,
          retryDelay: 30,
          retryBackoff: true,
          expireInHours: longRunning.leaseHours,
        });
        return;
      }
      await boss.send(name, data, { retryLimit: 5, retryDelay: 30, retryBackoff: true });
    },
    async work(handlers, options) {
      for (const name of JOB_NAMES) {
        const handler = handlers[name] as (data: unknown, run: JobRun) => Promise<unknown>;
        if (LONG_RUNNING[name]) {
          for (let worker = 0; worker < (options?.longRunningWorkers ?? 1); worker++) {
            await boss.work(
              name,
              { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true },
              async ([job]) => {
                if (!job) return;
                const lastAttempt = job.retryCount >= job.retryLimit;
                try {
                  await handler(job.data, { lastAttempt });
                } catch (error) {
                  deps.log.error({ err: error, job: job.id, queue: name }, 'job failed');
                  throw error;
                }
              },
            );
          }
          continue;
        }
        // A batch per poll keeps a backlog moving; each job still succeeds or fails on its own.
        const batch = {
          pollingIntervalSeconds: 0.5,
          batchSize: 10,
          includeMetadata: true as const,
        };
        await boss.work(name, batch, async (jobs) => {
          const results = await Promise.allSettled(
            jobs.map((job) => handler(job.data, { lastAttempt: job.retryCount >= job.retryLimit })),
          );
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
