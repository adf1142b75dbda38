import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../src/config/index.ts';
import type { Database } from '../src/db/client.ts';
import type { Secrets } from '../src/lib/secrets.ts';
import { startRuntime } from '../src/runtime.ts';
import type { Services } from '../src/services.ts';
import type { MediaStorage } from '../src/storage/storage.ts';
import { createAccessTokens, type AccessTokens } from '../src/modules/auth/access-tokens.ts';
import { createResponseValidator, type ResponseValidator } from './openapi-validator.ts';

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  pool: pg.Pool;
  /** The URL of this app's own database, for child processes such as the CLI tools. */
  databaseUrl: string;
  config: Config;
  storage: MediaStorage;
  /** The app's signing keys, for hand-made tokens and media URLs (expired, say). */
  secrets: Secrets;
  accessTokens: AccessTokens;
  /** The app's services, for jobs a test runs by hand (`services.subscriptions.renewDue`). */
  services: Services;
  /** Starts a session for the user, as a sign-in would, and answers its access token. */
  signIn: (userId: number) => Promise<string>;
  /** Sends a request; `token` becomes a bearer header. */
  request: (
    options: InjectOptions & {
      token?: string;
      /** false: do not wait for the change notices of earlier writes first. */
      settle?: boolean;
    },
  ) => Promise<LightMyRequestResponse>;
  /** Waits for the newest mail to `to` in the outbox and answers its raw text. */
  waitForMail: (to: string, subject?: string) => Promise<string>;
  close: () => Promise<void>;
};

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const silentLog = { info: () => undefined, error: () => undefined };

/**
 * VALIDATE_RESPONSES=1: every answer of `request` is checked against the served API document
 * and a mismatch fails the test; `=log` only appends each mismatch (a JSON line) to
 * VALIDATE_RESPONSES_LOG, to count them over the whole tier.
 */
function responseChecks(app: FastifyInstance): ResponseValidator | undefined {
  if (!process.env.VALIDATE_RESPONSES) return undefined;
  return createResponseValidator(app.swagger());
}

async function reportProblems(
  problems: ReturnType<ResponseValidator>,
  request: { method: string; url: string },
): Promise<void> {
  if (problems.length === 0) return;
  const lines = problems.map((problem) => JSON.stringify({ ...problem, url: request.url }));
  const log = process.env.VALIDATE_RESPONSES_LOG;
  if (log) await fs.appendFile(log, `${lines.join('\n')}\n`);
  if (process.env.VALIDATE_RESPONSES !== 'log') {
    throw new Error(`The answer does not match the API document: ${lines.join('; ')}`);
  }
}

/**
 * The real app on its own database, cloned from the migrated template, with its own
 * DATA_DIR for the mail outbox. Call `close()` in afterAll.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const serverUrl = inject('databaseServerUrl');
  const name = `zura_t_${inject('testRun')}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-test-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://zura.test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Tests decode only videos they made: on a machine without a current ffmpeg, the bundled one.
    FFMPEG_ALLOW_OUTDATED: 'true',
    // Argon2's floor: every buildUser and sign-up hashes a password. Production's parameters
    // are checked in auth/password-hashing.int.test.ts (env PASSWORD_HASHING: 'production').
    PASSWORD_HASHING: 'cheap-for-tests',
    ...env,
  });
  const secrets = { jwtKey: randomBytes(32), urlSigningKey: randomBytes(32) };
  const runtime = await startRuntime({
    config,
    databaseUrl: url,
    log: silentLog,
    logger: false,
    secrets,
    poolSize: 5,
  });
  const { app, database } = runtime;
  await app.ready();
  const checkResponse = responseChecks(app);
  const outbox = path.join(dataDir, 'outbox');
  const accessTokens = createAccessTokens(secrets.jwtKey);

  return {
    app,
    db: database.db,
    pool: database.pool,
    databaseUrl: url,
    config,
    storage: runtime.storage,
    secrets,
    accessTokens,
    services: runtime.services,
    signIn: async (userId) =>
      accessTokens.issue(userId, await runtime.services.sessions.start(userId)),
    // Tests also write with SQL, behind the platform's back; a request waits until this instance
    // has heard of those writes, as a request arriving a moment later would.
    request: async ({ token, headers, settle = true, ...options }) => {
      if (settle) await runtime.services.changes.sync();
      const response = await app.inject({
        ...options,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      if (checkResponse) {
        const method = options.method ?? 'GET';
        const url = String(options.url ?? options.path ?? '/');
        await reportProblems(checkResponse(method, url, response), { method, url });
      }
      return response;
    },
    async waitForMail(to, subject) {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const files = (await fs.readdir(outbox).catch(() => [] as string[])).sort().reverse();
        for (const file of files) {
          const text = await fs.readFile(path.join(outbox, file), 'utf8');
          if (text.includes(`To: ${to}`) && (!subject || text.includes(`Subject: ${subject}`))) {
            return text;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`No mail to ${to} arrived in the outbox`);
    },
    async close() {
      await runtime.close();
      // A job still finishing may write a file while the folder goes: ENOTEMPTY, tried again.
      await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

/** The token from a mailed link such as `/reset-password?token=...`. */
export function tokenFromMail(mail: string, route: string): string {
  // Quoted-printable bodies wrap long lines with `=\n` and write `=` as `=3D`; undo both first.
  const text = /^Content-Transfer-Encoding: quoted-printable/im.test(mail)
    ? mail
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : mail;
  const match = new RegExp(`${route}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No ${route} link in mail`);
  return match[1];
}
