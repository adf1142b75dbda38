/** Helpers shared by the scale benchmarks: the database, accounts, tokens, process memory. */
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import pg from 'pg';
import { freePort, makeDataDir, REPO_ROOT } from '../lib/server.ts';
import { summarize } from '../lib/stats.ts';

const PASSWORD = 'scale-bench-password-0123';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes. */
export const now = () => performance.timeOrigin + performance.now();

/** The embedded PostgreSQL's URL: its port is line 4 of postmaster.pid. */
export async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const lock = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(lock.split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) throw new Error('No port in postmaster.pid');
  // Each installation's superuser password is kept beside its cluster.
  const password = await fs.readFile(path.join(dataDir, 'postgres-password'), 'utf8');
  return `postgres://postgres:${password.trim()}@127.0.0.1:${port}/zura`;
}

/** A direct connection to the server's embedded database, for generating data and checks. */
export async function connectDatabase(dataDir: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  // The server stopping its embedded PostgreSQL ends this connection: not a crash.
  client.on('error', () => undefined);
  await client.connect();
  // Data generation runs long statements; never let one hang the benchmark.
  await client.query("set statement_timeout = '300s'");
  return client;
}

/**
 * Waits until the server's database connections are idle: after a load that outran the server,
 * queries autocannon no longer waits for keep running and would skew the next measurement.
 * Queries still running after `patienceMs` are cancelled (their HTTP clients are long gone).
 * Answers how long it waited and how many queries it cancelled; gives up after `maxMs`.
 */
export async function drainDatabase(
  db: pg.Client,
  patienceMs = 5_000,
  maxMs = 120_000,
): Promise<{ waitedMs: number; cancelled: number }> {
  const started = performance.now();
  let cancelled = 0;
  let idleChecks = 0;
  while (performance.now() - started < maxMs) {
    const { rows } = await db.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and state = 'active'
          and backend_type = 'client backend' and query not ilike '%pgboss%'`,
    );
    if (rows.length === 0) {
      idleChecks += 1;
      if (idleChecks >= 3) break;
    } else {
      idleChecks = 0;
      if (performance.now() - started > patienceMs) {
        for (const { pid } of rows) {
          const result = await db.query<{ ok: boolean }>('select pg_cancel_backend($1) as ok', [
            pid,
          ]);
          if (result.rows[0]?.ok) cancelled += 1;
        }
      }
    }
    await sleep(100);
  }
  return { waitedMs: performance.now() - started, cancelled };
}

export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: keep the text for the error message.
  }
  return { status: response.status, json };
}

/**
 * POSTs a JSON body with a bearer token on a keep-alive agent and answers the status; a request
 * with no answer within `timeoutMs` fails.
 */
export function postWithToken(
  agent: http.Agent,
  url: string,
  token: string,
  body: string,
  timeoutMs = 60_000,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer in ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    request.on('close', () => clearTimeout(timer));
    request.on('error', reject);
    request.end(body);
  });
}

export type Account = { id: number; username: string; email: string; access: string };

/** Signs a user up through the API (a real Argon2id hash) and logs in. */
export async function signUp(baseUrl: string, username: string): Promise<Account> {
  const email = `${username}@example.com`;
  const signup = await postJson(`${baseUrl}/api/auth/signup/`, {
    username,
    email,
    password: PASSWORD,
    password_confirm: PASSWORD,
  });
  if (signup.status !== 201) {
    throw new Error(`Sign-up answered ${signup.status}: ${JSON.stringify(signup.json)}`);
  }
  // The answer carries no id (it is the same for an address that already has an account).
  const access = await logIn(baseUrl, email);
  const { user_id: id } = decodeJwt<{ user_id: number }>(access);
  return { id, username, email, access };
}

/** POST /api/auth/token/ with the shared benchmark password; answers the access token. */
export async function logIn(baseUrl: string, email: string): Promise<string> {
  const token = await postJson(`${baseUrl}/api/auth/token/`, { email, password: PASSWORD });
  if (token.status !== 200) {
    throw new Error(`Login answered ${token.status}: ${JSON.stringify(token.json)}`);
  }
  return (token.json as { access: string }).access;
}

/** An authenticated JSON request; throws unless the status is one of `expect`. */
export async function api<T = unknown>(
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
  expect: number[] = [200, 201, 204],
): Promise<T> {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!expect.includes(response.status)) {
    throw new Error(`${method} ${route} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The signing key of access tokens: from SECRET_KEY when set, else DATA_DIR/secrets.json. */
export async function jwtKey(dataDir: string, secretKey?: string): Promise<Uint8Array> {
  if (secretKey) return new Uint8Array(createHmac('sha256', secretKey).update('jwt').digest());
  const stored = JSON.parse(await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    jwt: string;
  };
  return new Uint8Array(Buffer.from(stored.jwt, 'base64'));
}

/** An access token as the server issues it (HS256; see server/src/modules/auth/access-tokens.ts). */
export function mintAccessToken(
  key: Uint8Array,
  userId: number,
  sessionId: number,
  lifetimeSeconds = 3600,
) {
  return new SignJWT({ user_id: userId, token_type: 'access', sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer('zura')
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime(`${lifetimeSeconds}s`)
    .sign(key);
}

/**
 * One live session per user, as a sign-in opens it (a token is accepted only while its session
 * goes on): answers each user's session id, for `mintAccessToken`.
 */
export async function openSessions(
  db: pg.Client,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  const { rows } = await db.query<{ id: string; user_id: string }>(
    `insert into sessions (user_id, expires_at)
     select unnest($1::bigint[]), now() + interval '1 day'
     returning id, user_id`,
    [[...new Set(userIds)]],
  );
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.id)]));
}

/** Resident memory of a process in bytes (VmRSS), or NaN when it is gone. */
export async function rssBytes(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/** Open file descriptors of a process and its soft limit. */
export async function fileDescriptors(pid: number): Promise<{ open: number; limit: number }> {
  const [entries, limits] = await Promise.all([
    fs.readdir(`/proc/${pid}/fd`).catch(() => [] as string[]),
    fs.readFile(`/proc/${pid}/limits`, 'utf8').catch(() => ''),
  ]);
  const match = /^Max open files\s+(\d+|unlimited)/m.exec(limits);
  const limit = !match || match[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(match[1]);
  return { open: entries.length, limit };
}

/** Samples a process's RSS every `intervalMs` until stopped; answers the samples in bytes. */
export function sampleRss(pid: number, intervalMs = 100) {
  const samples: { at: number; rss: number }[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const rss = await rssBytes(pid);
      if (Number.isFinite(rss)) samples.push({ at: performance.now(), rss });
      await sleep(intervalMs);
    }
  })();
  return {
    samples,
    async stop() {
      stopped = true;
      await loop;
      return samples;
    },
  };
}

export const MiB = 1024 ** 2;

export type ExtraServer = {
  url: string;
  pid: number;
  dataDir: string;
  output: () => string[];
  stop: () => Promise<void>;
};

/**
 * A second instance of the platform on an external database (`DATABASE_URL`), as a deployment
 * with several instances runs it; the lib's startServer always uses the embedded PostgreSQL.
 */
export async function startServerOn(
  databaseUrl: string,
  env: Record<string, string>,
): Promise<ExtraServer> {
  const dataDir = await makeDataDir();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  const child = spawn(process.execPath, [path.join('server', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100000',
      DATABASE_URL: databaseUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exit;
    clearTimeout(timer);
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline && !exited) {
    const ok = await fetch(`${url}/api/`, { signal: AbortSignal.timeout(2_000) })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      })
      .catch(() => false);
    if (ok) return { url, pid: child.pid ?? -1, dataDir, output: () => [...lines], stop };
    await sleep(50);
  }
  await stop();
  throw new Error(`The second server did not start. Its last output:\n${lines.join('\n')}`);
}

/** Readers of the feed at once, each waiting for its answer before the next (closed loop). */
export const READERS = 8;
export const FEED = '/api/posts/?limit=20';
/** The idle feed is read at least this long, to have a p99 worth the name. */
export const MIN_IDLE_SECONDS = 3;

/** GET with a bearer token on a keep-alive agent; answers the status. */
function getWithToken(agent: http.Agent, url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** READERS closed loops reading the feed until `until` says stop; every 200's time is kept. */
export async function readFeedUntil(
  agent: http.Agent,
  url: string,
  token: string,
  until: () => boolean,
) {
  const latencies: number[] = [];
  let failed = 0;
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (!until()) {
        const started = now();
        const status = await getWithToken(agent, `${url}${FEED}`, token).catch(() => 0);
        if (status === 200) latencies.push(now() - started);
        else failed += 1;
      }
    }),
  );
  return { latency: summarize(latencies), count: latencies.length, failed };
}
