import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/index.ts';
import type { Services } from '../services.ts';

/**
 * Services that do nothing: the routes only keep them for their handlers, so registering them
 * (which is all the API document needs) runs without a database, storage or mail.
 */
function inertServices(): Services {
  const inert = (): unknown =>
    new Proxy(() => undefined, {
      // Not a promise (`await` looks for `then`) and no primitive conversions.
      get: (_target, key) => (key === 'then' || typeof key === 'symbol' ? undefined : inert()),
      apply: () => undefined,
    });
  return inert() as Services;
}

/**
 * The document `/api/docs/openapi.json` serves, built from route registration alone: the app
 * is built with inert services and never listens nor closes (its socket hub was never started).
 */
export async function buildApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-api-doc-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://zura.test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  });
  const app = await buildApp({ config, services: inertServices(), logger: false });
  await app.ready();
  const document = app.swagger() as unknown as Record<string, unknown>;
  await fs.rm(dataDir, { recursive: true, force: true });
  return document;
}
