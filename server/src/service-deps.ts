import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Config } from './config/index.ts';
import type { ChangeNotices } from './db/change-notices.ts';
import type { Database } from './db/client.ts';
import type { EventBus } from './events/bus.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Secrets } from './lib/secrets.ts';
import type { Mailer } from './mail/mailer.ts';
import type { VapidKeys } from './modules/push/vapid.ts';
import type { MediaStorage } from './storage/storage.ts';

/** What `createServices` (services.ts) is given: the connections `startRuntime` opened. */
export type ServiceDeps = {
  config: Config;
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** Shared rate-limit counters and call signalling between instances when REDIS_URL is set. */
  redis?: Redis | undefined;
  bus: EventBus;
  /** Notices of writes that make the in-memory copies of hot reads wrong. */
  changes: ChangeNotices;
  db: Database;
  /** The pool under `db`: the transcode holds a per-upload advisory lock on one connection. */
  pool: pg.Pool;
  jobs: JobQueue;
  mailer: Mailer;
  secrets: Secrets;
  storage: MediaStorage;
  vapid: VapidKeys;
  /** Before an account is deleted (federation's `Delete` of the actor); absent without it. */
  beforeAccountDeleted?: ((userId: number) => Promise<void>) | undefined;
};
