import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  embeddedPasswordFile,
  LEGACY_EMBEDDED_PASSWORD,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from './embedded.ts';

/**
 * The embedded cluster's superuser password: generated per installation, kept beside the
 * cluster with mode 0600, reused on the next start; a cluster still on the old fixed password
 * is moved to its own. Two real clusters, started and stopped here.
 */
const quiet = { info: () => undefined, warn: () => undefined };
/** Creating and starting clusters takes a while on a busy machine. */
const CLUSTER_TEST_MS = 180_000;

let root: string;
const running = new Set<EmbeddedDatabase>();

async function start(clusterDir: string): Promise<EmbeddedDatabase> {
  const database = await startEmbeddedPostgres(clusterDir, quiet);
  running.add(database);
  return database;
}

async function stop(database: EmbeddedDatabase): Promise<void> {
  running.delete(database);
  await database.stop();
}

/** The URL with another password in it. */
function withPassword(url: string, password: string): string {
  const parsed = new URL(url);
  parsed.password = password;
  return parsed.toString();
}

/** Connects and answers `select 1`, or the PostgreSQL error code of the refusal. */
async function tryConnect(url: string): Promise<'connected' | string> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('select 1');
    return 'connected';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const readPassword = async (clusterDir: string) =>
  (await fs.readFile(embeddedPasswordFile(clusterDir), 'utf8')).trim();

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-embedded-'));
  // Started as root, PostgreSQL runs as "postgres", which must reach the clusters.
  await fs.chmod(root, 0o755);
});
afterAll(async () => {
  await Promise.all([...running].map((database) => database.stop()));
  await fs.rm(root, { recursive: true, force: true });
});

describe('the embedded PostgreSQL superuser password', () => {
  it(
    'differs per installation, is kept with mode 0600 and reused; the fixed one is refused',
    async () => {
      const first = path.join(root, 'one', 'postgres');
      const second = path.join(root, 'two', 'postgres');
      const a = await start(first);
      const b = await start(second);

      const passwordA = await readPassword(first);
      const passwordB = await readPassword(second);
      expect(passwordA).toMatch(/^[0-9a-f]{64}$/);
      expect(passwordB).toMatch(/^[0-9a-f]{64}$/);
      expect(passwordA).not.toBe(passwordB);
      expect(embeddedPasswordFile(first)).toBe(path.join(root, 'one', 'postgres-password'));
      for (const dir of [first, second]) {
        const { mode } = await fs.stat(embeddedPasswordFile(dir));
        expect(mode & 0o777).toBe(0o600);
      }

      expect(new URL(a.url).password).toBe(passwordA);
      expect(await tryConnect(a.url)).toBe('connected');
      expect(await tryConnect(withPassword(a.url, LEGACY_EMBEDDED_PASSWORD))).toBe('28P01');
      expect(await tryConnect(withPassword(a.url, passwordB))).toBe('28P01');
      await stop(b);

      // The next start keeps the installation's password.
      await stop(a);
      const again = await start(first);
      expect(await readPassword(first)).toBe(passwordA);
      expect(await tryConnect(again.url)).toBe('connected');
      await stop(again);
    },
    CLUSTER_TEST_MS,
  );

  it(
    'moves a cluster created with the old fixed password to one of its own',
    async () => {
      const clusterDir = path.join(root, 'legacy', 'postgres');
      const created = await start(clusterDir);
      // As clusters were before: the fixed password, and no password file.
      const client = new pg.Client({ connectionString: created.url });
      await client.connect();
      await client.query(`ALTER ROLE postgres PASSWORD '${LEGACY_EMBEDDED_PASSWORD}'`);
      await client.end();
      await stop(created);
      await fs.rm(embeddedPasswordFile(clusterDir));

      const upgraded = await start(clusterDir);
      const password = await readPassword(clusterDir);
      expect(password).not.toBe(LEGACY_EMBEDDED_PASSWORD);
      expect(new URL(upgraded.url).password).toBe(password);
      expect(await tryConnect(upgraded.url)).toBe('connected');
      expect(await tryConnect(withPassword(upgraded.url, LEGACY_EMBEDDED_PASSWORD))).toBe('28P01');
      await stop(upgraded);
    },
    CLUSTER_TEST_MS,
  );
});
