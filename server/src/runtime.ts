import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { createServices, type Services } from './services.ts';
import { Redis } from 'ioredis';
import { createLocalBus, createRedisBus } from './events/bus.ts';
import type { Config } from './config/index.ts';
import { deploymentTag } from './lib/deployment.ts';
import { createDatabase, type DatabaseHandle } from './db/client.ts';
import { listenForChanges } from './db/change-notices.ts';
import { runMigrations } from './db/migrate.ts';
import { startJobQueue, type JobQueue } from './jobs/queue.ts';
import { usePasswordHashing } from './lib/passwords.ts';
import { loadSecrets, type Secrets } from './lib/secrets.ts';
import { createMailer } from './mail/mailer.ts';
import { loadVapidKeys } from './modules/push/vapid.ts';
import { startFederation } from './modules/federation/index.ts';
import { createLocalStorage } from './storage/local.ts';
import { createS3Storage } from './storage/s3.ts';
import { runS3SelfTest } from './storage/self-test.ts';
import type { MediaStorage } from './storage/storage.ts';

export type Runtime = {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  jobs: JobQueue;
  storage: MediaStorage;
  secrets: Secrets;
  /** Stops in reverse order of start: HTTP, jobs, mail, storage, database pool. */
  close: () => Promise<void>;
};

type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/**
 * Everything but the embedded database and the listening socket: migrations, secrets, storage,
 * mail, the job queue and the app. `main.ts` and the test harness both start the platform here.
 */
export async function startRuntime(options: {
  config: Config;
  databaseUrl: string;
  log: Log;
  logger?: boolean | object;
  secrets?: Secrets;
  poolSize?: number;
  /**
   * Open every pooled connection while the server starts, so the first burst of requests after
   * a start does not wait for connection handshakes. The server does; tests and scripts don't.
   */
  fillPool?: boolean;
}): Promise<Runtime> {
  const { config, databaseUrl, log } = options;
  usePasswordHashing(config.passwordHashing);
  const database = createDatabase(databaseUrl, options.poolSize ?? 20);
  await runMigrations(database.db);
  if (options.fillPool) void database.fill();
  const secrets = options.secrets ?? (await loadSecrets(config.dataDir, config.secretKey));
  const storage = config.s3
    ? createS3Storage(config.s3)
    : createLocalStorage(path.join(config.dataDir, 'media'));
  if (config.s3) {
    // Before anything is served: a bucket that refuses writes would otherwise surface as lost
    // uploads, long after start.
    await runS3SelfTest(storage, config.s3).catch(async (error: unknown) => {
      await storage.close();
      await database.close().catch(() => undefined);
      throw error;
    });
  }
  const mailer = createMailer(config, log);
  const jobs = await startJobQueue(database.pool, { log });
  // One channel per deployment: its instances share the signing secret, other deployments don't.
  const channel = `zura:live:${deploymentTag(secrets.jwtKey)}`;
  const bus = config.redisUrl
    ? await createRedisBus(config.redisUrl, channel, (error) =>
        log.error({ err: error }, 'redis bus error'),
      )
    : createLocalBus();
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 })
    : undefined;
  redis?.on('error', (error) => log.error({ err: error }, 'redis error'));
  const changes = await listenForChanges(databaseUrl, (error) =>
    log.error({ err: error }, 'change notices: connection lost'),
  );
  // Before the services: account deletion sends the actor's Delete through it.
  const federation = startFederation({ config, db: database.db, log, changes, redis });
  const services = createServices({
    config,
    changes,
    db: database.db,
    pool: database.pool,
    jobs,
    mailer,
    secrets,
    storage,
    bus,
    redis,
    log,
    vapid: await loadVapidKeys(config.push, config.dataDir, config.secretKey),
    beforeAccountDeleted: federation?.deleteActor,
  });
  const work = await services.startWork();
  const app = await buildApp({
    config,
    services,
    federation,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });
  return {
    app,
    services,
    database,
    jobs,
    storage,
    secrets,
    async close() {
      work.stopTimers();
      await app.close();
      await federation?.stop();
      await work.stop();
      await services.markingEngine.close();
      await bus.close();
      await changes.close();
      redis?.disconnect();
      mailer.close();
      await storage.close();
      // A test may already have ended the pool on purpose.
      await database.close().catch(() => undefined);
    },
  };
}
