import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL of the test server with the database part to be replaced per test file. */
    databaseServerUrl: string;
    templateDatabase: string;
    /** This run's name, which the databases cloned from the template carry. */
    testRun: string;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Starts one PostgreSQL for the whole run (the embedded one, or TEST_DATABASE_URL's server
 * when TEST_DB=external) and builds a migrated template that every test file clones.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DB === 'external';
  let embedded: EmbeddedDatabase | undefined;
  let tmpDir: string | undefined;
  let serverUrl: string;
  if (external) {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=external needs TEST_DATABASE_URL');
    serverUrl = url;
  } else {
    tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-test-pg-'));
    await fs.chmod(tmpDir, 0o755);
    embedded = await startEmbeddedPostgres(path.join(tmpDir, 'pgdata'), {
      info: () => undefined,
      warn: (msg) => console.warn(msg),
    });
    serverUrl = embedded.url;
  }

  // One name for this run: its template and every database cloned from it carry it, so the
  // clean-up below drops only this run's databases, never those of another run on the server.
  const run = randomBytes(4).toString('hex');
  const template = `zura_template_${run}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = withDatabase(serverUrl, template);
  const handle = createDatabase(templateUrl, 2);
  await runMigrations(handle.db);
  await handle.close();
  // Install the job queue's schema once so each clone starts its queue quickly.
  const boss = new PgBoss({
    connectionString: templateUrl,
    max: 1,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });

  project.provide('databaseServerUrl', serverUrl);
  project.provide('templateDatabase', template);
  project.provide('testRun', run);

  return async () => {
    if (external) {
      const dbs = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`zura_t_${run}_%`, template],
      );
      for (const { datname } of dbs.rows) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    }
    await admin.end();
    await embedded?.stop();
    if (tmpDir) await fs.rm(tmpDir, { recursive: true, force: true });
  };
}
