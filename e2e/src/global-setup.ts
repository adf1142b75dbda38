import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the server of this run listens, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseUrl: string;
    /** The server's DATA_DIR; mails land in `<dataDir>/outbox`. */
    dataDir: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 20_000;

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
 * SMTP, object storage...): the run's server is self-contained whatever the shell exports.
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

/** Every `assets/<file>` or `./<file>` (.js/.css) that index.html and the chunks load. */
async function missingAssets(dist: string): Promise<string[]> {
  const assetsDir = path.join(dist, 'assets');
  const present = new Set(await fs.readdir(assetsDir).catch(() => [] as string[]));
  const sources = [
    path.join(dist, 'index.html'),
    ...[...present].filter((name) => name.endsWith('.js')).map((n) => path.join(assetsDir, n)),
  ];
  const missing = new Set<string>();
  for (const file of sources) {
    const text = await fs.readFile(file, 'utf8').catch(() => null);
    if (text === null) {
      missing.add(path.relative(dist, file));
      continue;
    }
    for (const match of text.matchAll(/(?:\.\/|assets\/)([A-Za-z0-9_.-]+\.(?:js|css))\b/g)) {
      const name = match[1] ?? '';
      if (!present.has(name)) missing.add(`assets/${name}`);
    }
  }
  return [...missing];
}

/**
 * Copies the built web app for this run, so a rebuild of web/dist while the suite runs
 * (other work goes on in this repository) cannot pull files from under the server. A copy
 * taken in the middle of a build is incomplete: then it waits and copies again.
 */
async function snapshotWebDist(source: string, target: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  let problem = '';
  for (;;) {
    if (existsSync(path.join(source, 'index.html'))) {
      await fs.rm(target, { recursive: true, force: true });
      await fs.cp(source, target, { recursive: true }).catch((error: unknown) => {
        problem = String(error);
      });
      const missing = await missingAssets(target);
      if (missing.length === 0 && existsSync(path.join(target, 'index.html'))) return target;
      problem ||= `incomplete build, missing ${missing.slice(0, 5).join(', ')}`;
    } else {
      problem = `${path.join(source, 'index.html')} is missing: run \`npm run build\` first`;
      // No build at all (rather than one in progress): say so now.
      if (!existsSync(source)) throw new Error(problem);
    }
    if (Date.now() > deadline) throw new Error(`No usable web build: ${problem}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    problem = '';
  }
}

/**
 * One server for the whole e2e run: the real `server/src/main.ts` with its embedded
 * PostgreSQL in a fresh data directory, serving a snapshot of the built web app (web/dist).
 */
export default async function setup(project: TestProject) {
  // E2E_WEB_DIST points the run at another build of the web app (default web/dist).
  const sourceDist = path.resolve(process.env.E2E_WEB_DIST ?? path.join(ROOT, 'web', 'dist'));

  // Failure screenshots of earlier runs would only mislead.
  await fs.rm(path.join(ROOT, 'e2e', 'test-results'), { recursive: true, force: true });

  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-e2e-'));
  // The embedded PostgreSQL runs as its own user and must be able to enter the directory.
  await fs.chmod(dataDir, 0o755);
  let webDist: string;
  try {
    webDist = await snapshotWebDist(sourceDist, path.join(dataDir, 'web-dist'));
  } catch (error) {
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
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
      WEB_DIST_DIR: webDist,
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
        `[e2e] The server logged ${errors.length} error(s); exit ${child.exitCode ?? child.signalCode}.\n` +
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

  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);

  return stop;
}
