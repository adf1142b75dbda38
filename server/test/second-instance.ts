import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../src/config/index.ts';
import { startRuntime } from '../src/runtime.ts';
import type { Services } from '../src/services.ts';
import type { MediaStorage } from '../src/storage/storage.ts';
import type { TestApp } from './app.ts';

export type SecondInstance = {
  app: FastifyInstance;
  services: Services;
  /** This instance's own media store (the same bucket as the first's, when both are on S3). */
  storage: MediaStorage;
  /** Sends a request to this instance; `token` becomes a bearer header. */
  request: (
    options: InjectOptions & {
      token?: string;
      /** false: do not wait for the change notices of earlier writes first. */
      settle?: boolean;
    },
  ) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

const silentLog = { info: () => undefined, error: () => undefined };

/**
 * Another app instance on the same database as `t`, with the same signing keys (so tokens and
 * media URLs of one are good on the other) and its own DATA_DIR, as a second replica behind a
 * load balancer would run. Pass REDIS_URL in `env` to join the instances' live events.
 * Call `close()` in afterAll, before `t.close()`.
 */
export async function buildSecondInstance(
  t: TestApp,
  env: Record<string, string> = {},
): Promise<SecondInstance> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-test-second-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: t.config.publicUrl,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const runtime = await startRuntime({
    config,
    databaseUrl: t.databaseUrl,
    log: silentLog,
    logger: false,
    secrets: t.secrets,
    poolSize: 5,
  });
  await runtime.app.ready();
  return {
    app: runtime.app,
    services: runtime.services,
    storage: runtime.storage,
    // As in `buildTestApp`: a request waits until this instance has heard of earlier writes.
    request: async ({ token, headers, settle = true, ...options }) => {
      if (settle) await runtime.services.changes.sync();
      return runtime.app.inject({
        ...options,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
    async close() {
      await runtime.close();
      // A job still finishing may write a file while the folder goes: ENOTEMPTY, tried again.
      await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}
