import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/index.ts';
import { embeddedDatabaseUrl, startEmbeddedPostgres } from './embedded.ts';

/** The port of an embedded PostgreSQL already running on `dataDir`, from its lock file. */
async function runningEmbeddedPort(dataDir: string): Promise<number | undefined> {
  const content = await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const lines = content.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return undefined;
  }
}

/**
 * Runs a command-line task against the platform's database: DATABASE_URL when set, else the
 * embedded PostgreSQL of a running server, else the embedded one started just for the task.
 */
export async function withCliDatabase<T>(
  config: Config,
  task: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  if (config.databaseUrl) return task(config.databaseUrl);
  const dataDir = path.join(config.dataDir, 'postgres');
  const port = await runningEmbeddedPort(dataDir);
  if (port) return task(await embeddedDatabaseUrl(dataDir, port));
  const embedded = await startEmbeddedPostgres(dataDir, {
    info: () => undefined,
    warn: console.warn,
  });
  try {
    return await task(embedded.url);
  } finally {
    await embedded.stop();
  }
}
