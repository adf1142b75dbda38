import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

/** Server-side helpers: the run's server, its API, and names nobody else uses. */

/** Another server this test file started (see `useOwnServer`); the run's one when unset. */
let ownServer: { baseUrl: string; dataDir: string } | undefined;

/**
 * Points every helper of this test file (API calls, new browser contexts, SQL, mails) at
 * another server, or back at the run's one with `undefined`. Each test file has its own copy
 * of this module, so other files are not affected.
 */
export function pointHelpersAt(server: { baseUrl: string; dataDir: string } | undefined): void {
  ownServer = server;
}

export function baseUrl(): string {
  return ownServer?.baseUrl ?? inject('baseUrl');
}

export function dataDir(): string {
  return ownServer?.dataDir ?? inject('dataDir');
}

let counter = 0;

/**
 * A name unique across this run and earlier runs: letters, digits and underscores only,
 * at most 30 characters (the username limit).
 */
export function uniqueName(prefix = 'u'): string {
  counter += 1;
  const stamp = Date.now().toString(36).slice(-6);
  const random = randomBytes(3).toString('hex');
  return `${prefix}_${stamp}${counter.toString(36)}${random}`.slice(0, 30);
}

export function uniqueEmail(name = uniqueName('mail')): string {
  return `${name.toLowerCase()}@example.com`;
}

/** A password that satisfies the 12-character minimum and rates Strong or better. */
export function strongPassword(): string {
  return `Zu7!${randomBytes(6).toString('hex')}-Kq`;
}

export type ApiAnswer<T = unknown> = { status: number; body: T };

/** A JSON call to `/api<path>`. */
export async function api<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  accessToken?: string,
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // keep the raw text
  }
  return { status: res.status, body: parsed as T };
}

export type TestUser = { id: number; username: string; email: string; password: string };
export type Tokens = { access: string; refresh: string };

/**
 * Signs up a fresh user through the API (POST /auth/signup/). The answer does not carry the id
 * (it is the same for an address that already has an account), so a login reads it.
 */
export async function createUser(overrides: Partial<Omit<TestUser, 'id'>> = {}): Promise<TestUser> {
  const username = overrides.username ?? uniqueName('user');
  const email = overrides.email ?? uniqueEmail(username);
  const password = overrides.password ?? strongPassword();
  const res = await api('POST', '/auth/signup/', {
    username,
    email,
    password,
    password_confirm: password,
  });
  if (res.status !== 201) {
    throw new Error(`Sign-up of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  const { access } = await obtainTokens(email, password);
  return { id: userIdOf(access), username, email, password };
}

/** The user id an access token names (its `user_id` claim), read without checking it. */
function userIdOf(access: string): number {
  const claims: unknown = JSON.parse(
    Buffer.from(access.split('.')[1] ?? '', 'base64url').toString('utf8'),
  );
  const id = (claims as { user_id?: unknown }).user_id;
  if (typeof id !== 'number') throw new Error('The access token names no user');
  return id;
}

/** Logs in through the API (POST /auth/token/) and returns the token pair. */
export async function obtainTokens(email: string, password: string): Promise<Tokens> {
  const res = await api<Partial<Tokens>>('POST', '/auth/token/', { email, password });
  const { access, refresh } = res.body ?? {};
  if (res.status !== 200 || typeof access !== 'string' || typeof refresh !== 'string') {
    throw new Error(`Login of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return { access, refresh };
}
