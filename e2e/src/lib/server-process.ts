import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Starting and stopping a real Zura server (`server/src/main.ts`) for end-to-end journeys: the
 * run's own server (global-setup.ts) and any a test file needs with other settings.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 20_000;

export type ServerProcess = {
  /** Where it listens, e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseUrl: string;
  /** Its DATA_DIR (embedded PostgreSQL, outbox, local media); removed by `stop()`. */
  dataDir: string;
  /** SIGTERM (SIGKILL after 20 s), report logged errors, remove the data directory. */
  stop: () => Promise<void>;
};

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not determine a free port'));
      });
    });
  });
}

/** The Node that runs the server: this one when it strips types, else the pinned one. */
function nodeBinary(): string {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major > 23 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18)) {
    return process.execPath;
  }
  const pinned = path.join(ROOT, 'node_modules', '.bin', 'node');
  if (existsSync(pinned)) return pinned;
  throw new Error(`Node ${process.versions.node} cannot run the server; run through npx.`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function readTail(file: string, chars = 4000): Promise<string> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  return text.slice(-chars);
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${await readTail(logFile)}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/`, { signal: AbortSignal.timeout(2_000) });
      const body: unknown = await res.json().catch(() => null);
      if (
        res.status === 200 &&
        typeof body === 'object' &&
        body !== null &&
        (body as { status?: unknown }).status === 'ok'
      ) {
        return;
      }
      lastProblem = `GET /api/ answered ${res.status} ${JSON.stringify(body)}`;
    } catch (error) {
      lastProblem = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `The server was not ready within ${READY_TIMEOUT_MS} ms (${lastProblem}):\n${await readTail(logFile)}`,
  );
}

/**
 * The environment without the platform's production settings (an external database, Redis,
 * SMTP, object storage...): a journey's server is self-contained whatever the shell exports,
 * and has only the settings its starter gives on purpose.
 */
function serverNeutralEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (
      /^(DATABASE_URL|REDIS_URL|SMTP_URL|MAIL_FROM|SECRET_KEY|TRUST_PROXY|ROLES|NODE_ENV)$/.test(
        name,
      ) ||
      /^(S3_|TURN_)/.test(name)
    ) {
      delete env[name];
    }
  }
  return env;
}

/**
 * Starts the real server with its embedded PostgreSQL in a fresh data directory, serving the
 * built web app in `webDist`, on a free loopback port, and waits until `GET /api/` says ok.
 * `env` comes on top of the neutral environment (e.g. the S3_* settings of a test bucket).
 */
export async function startServerProcess(options: {
  webDist: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-e2e-'));
  // The embedded PostgreSQL runs as its own user and must be able to enter the directory.
  await fs.chmod(dataDir, 0o755);
  const logFile = path.join(os.tmpdir(), `${path.basename(dataDir)}.server.log`);
  const log = createWriteStream(logFile);

  const child = spawn(nodeBinary(), [path.join(ROOT, 'server', 'src', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...serverNeutralEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      RATE_LIMIT_SCALE: '100',
      // Journeys sign their users up through the API without opening the verification mail;
      // the refusal of unverified uploads is the integration tier's (uploads-limits.int.test.ts).
      UPLOAD_REQUIRE_VERIFIED_EMAIL: 'false',
      // Every journey signs people up: Argon2's floor instead of a full hash for each of them
      // (the production parameters are checked in auth/password-hashing.int.test.ts).
      PASSWORD_HASHING: 'cheap-for-tests',
      WEB_DIST_DIR: options.webDist,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });

  let ready = false;
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!ready || stopping) return;
    // Every later test would fail with "connection refused"; say why once, loudly.
    void readTail(logFile).then((tail) =>
      console.error(
        `[e2e] The server (pid ${child.pid}) exited during the run (${signal ?? `code ${code}`}). Log tail:\n${tail}`,
      ),
    );
  });

  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited(child);
      clearTimeout(timer);
    }
    await new Promise<void>((resolve) => log.end(resolve));
    // Server errors do not always fail a journey; show them so they get looked at.
    const errors = (await fs.readFile(logFile, 'utf8').catch(() => ''))
      .split('\n')
      .filter((line) => /"level":(50|60)\b/.test(line));
    if (errors.length > 0 || child.exitCode !== 0) {
      console.warn(
        `[e2e] The server ${baseUrl} logged ${errors.length} error(s); exit ${child.exitCode ?? child.signalCode}.\n` +
          errors.map((line) => line.slice(0, 2000)).join('\n'),
      );
    }
    await fs.rm(dataDir, { recursive: true, force: true });
    if (process.env.E2E_KEEP_LOG !== '1') await fs.rm(logFile, { force: true });
  };

  try {
    await waitUntilReady(baseUrl, child, logFile);
    ready = true;
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, stop };
}
