import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { createPostViaApi, type ApiPost } from './content.ts';
import { expectVisible } from './expect.ts';
import { pngImage } from './images.ts';
import {
  api,
  baseUrl,
  createUser,
  dataDir,
  obtainTokens,
  type TestUser,
  type Tokens,
} from './server.ts';

/**
 * Money, roles and creator applications prepared outside the browser: wallet calls of the API,
 * the admin CLI, and the few role changes no API offers (SQL on the run's embedded database).
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

export type Person = TestUser & { tokens: Tokens };

/** A fresh user with a token pair. */
export async function person(overrides: Partial<Omit<TestUser, 'id'>> = {}): Promise<Person> {
  const user = await createUser(overrides);
  return { ...user, tokens: await obtainTokens(user.email, user.password) };
}

export type WalletAnswer = {
  balance_cents: number;
  earnings_cents: number;
  test_mode: boolean;
  provider: string;
};

export type TransactionAnswer = {
  id: number;
  kind: string;
  direction: 'in' | 'out';
  amount_cents: number;
  fee_cents: number;
  creator_cents: number;
  net_cents: number;
  counterparty: string | null;
};

/** GET /wallet/. */
export async function walletOf(access: string): Promise<WalletAnswer> {
  const res = await api<WalletAnswer>('GET', '/wallet/', undefined, access);
  expect(res.status, `GET /wallet/ answered ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

/** GET /wallet/transactions/ (newest first). */
export async function transactionsOf(access: string): Promise<TransactionAnswer[]> {
  const res = await api<TransactionAnswer[]>('GET', '/wallet/transactions/', undefined, access);
  expect(res.status, `GET /wallet/transactions/ answered ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

/** A paying call: JSON body plus the Idempotency-Key the server requires. */
async function pay<T>(access: string, apiPath: string, body: unknown) {
  const res = await fetch(`${baseUrl()}/api${apiPath}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${access}`,
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** The fee split of a payment ('Platform fee (10%)' → '$0.50', ...), read from its <dl>. */
export async function feeSplit(scope: Locator): Promise<Record<string, string>> {
  const split = scope.getByLabel('Fee split', { exact: true });
  await expectVisible(split);
  const terms = await split.getByRole('term').allInnerTexts();
  const values = await split.getByRole('definition').allInnerTexts();
  return Object.fromEntries(terms.map((term, index) => [term.trim(), values[index]?.trim() ?? '']));
}

/** POST /wallet/topups/ in test mode: credited at once. */
export async function topUpViaApi(access: string, dollars: string): Promise<void> {
  const res = await pay<unknown>(access, '/wallet/topups/', { amount: dollars });
  expect(res.status, `POST /wallet/topups/ answered ${JSON.stringify(res.body)}`).toBeLessThan(300);
  expect(res.body).toMatchObject({ status: 'credited' });
}

/** POST /auth/subscriptions/: pays the creator's monthly price from the wallet. */
export async function subscribeViaApi(access: string, creatorId: number): Promise<void> {
  const res = await pay<unknown>(access, '/auth/subscriptions/', { creator_id: creatorId });
  expect(res.status, `POST /auth/subscriptions/ answered ${JSON.stringify(res.body)}`).toBe(201);
}

/** SQL on the run's embedded PostgreSQL (its port is in postmaster.pid, line 4). */
export async function sql(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const pid = await fs.readFile(path.join(dataDir(), 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(pid.split('\n')[3]);
  expect(port, 'port of the embedded PostgreSQL').toBeGreaterThan(0);
  // Each installation's superuser password is kept beside its cluster.
  const password = await fs.readFile(path.join(dataDir(), 'postgres-password'), 'utf8');
  const client = new pg.Client({
    connectionString: `postgres://postgres:${password.trim()}@127.0.0.1:${port}/zura`,
  });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * Makes an existing account an admin the way an operator does: the admin CLI, pointed at the
 * running server's DATA_DIR (it finds the embedded PostgreSQL there).
 */
async function makeAdmin(email: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir(), LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SECRET_KEY', 'NODE_ENV']) delete env[name];
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(ROOT, 'server', 'src', 'cli', 'admin-create.ts'), '--email', email],
    { cwd: ROOT, env, timeout: 60_000 },
  );
  expect(stdout).toContain(`(${email}) is now an admin.`);
}

/** A fresh account made admin through the CLI. */
export async function adminPerson(): Promise<Person> {
  const admin = await person();
  await makeAdmin(admin.email);
  const res = await api<{ is_admin?: boolean }>(
    'GET',
    '/auth/profile/',
    undefined,
    admin.tokens.access,
  );
  expect(res.body.is_admin, 'the admin CLI should set is_admin').toBe(true);
  return admin;
}

export type PaidCreator = Person & { post?: ApiPost };

/**
 * A creator charging `price` a month ('4.99', '9.99' or '19.99'): the price through the profile
 * API, the creator role through SQL (normally an approved application gives it), and
 * optionally one post.
 */
export async function paidCreator(
  options: { price?: '4.99' | '9.99' | '19.99'; post?: string } = {},
): Promise<PaidCreator> {
  const creator = await person();
  const priced = await api(
    'PUT',
    '/auth/profile/',
    { subscription_price: options.price ?? '4.99' },
    creator.tokens.access,
  );
  expect(priced.status, `PUT /auth/profile/ answered ${JSON.stringify(priced.body)}`).toBe(200);
  const updated = await sql('update users set is_creator = true where id = $1', [creator.id]);
  expect(updated.rowCount).toBe(1);
  const post =
    options.post === undefined
      ? undefined
      : await createPostViaApi(creator.tokens.access, { content: options.post });
  return { ...creator, post };
}

export type ApplicationAnswer = {
  status: 'none' | 'pending' | 'approved' | 'rejected';
  is_creator: boolean;
  application: {
    id: number;
    status: string;
    username: string;
    bio: string;
    rejection_reason?: string | null;
    social_links: Record<string, string>;
  } | null;
};

/** GET /auth/creator-application/. */
export async function applicationOf(access: string): Promise<ApplicationAnswer> {
  const res = await api<ApplicationAnswer>('GET', '/auth/creator-application/', undefined, access);
  expect(res.status, `GET /auth/creator-application/ answered ${JSON.stringify(res.body)}`).toBe(
    200,
  );
  return res.body;
}

export type NewApplication = {
  username: string;
  bio: string;
  socialLinks: Record<string, string>;
  subcategories: string[];
  tags: string[];
  vibes: string[];
};

/** POST /auth/creator-application/ (multipart, with fresh PNGs for both images). */
export async function applyViaApi(access: string, application: NewApplication): Promise<void> {
  const form = new FormData();
  const png = (width: number, height: number) =>
    new Blob([new Uint8Array(pngImage(width, height))], { type: 'image/png' });
  form.append('profile_image', png(300, 300), 'avatar.png');
  form.append('cover_image', png(1200, 400), 'cover.png');
  form.append('username', application.username);
  form.append('bio', application.bio);
  form.append('social_links', JSON.stringify(application.socialLinks));
  form.append('subcategories', JSON.stringify(application.subcategories));
  form.append('tags', JSON.stringify(application.tags));
  form.append('vibes', JSON.stringify(application.vibes));
  const res = await fetch(`${baseUrl()}/api/auth/creator-application/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${access}`, Accept: 'application/json' },
    body: form,
  });
  const body: unknown = await res.json().catch(() => null);
  expect(res.status, `POST /auth/creator-application/ answered ${JSON.stringify(body)}`).toBe(201);
}

/** GET /auth/settings/. */
export async function settingsOf(access: string): Promise<Record<string, unknown>> {
  const res = await api<Record<string, unknown>>('GET', '/auth/settings/', undefined, access);
  expect(res.status, `GET /auth/settings/ answered ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}
