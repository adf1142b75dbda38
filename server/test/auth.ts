import fs from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { hashToken, newOpaqueToken } from '../src/lib/tokens.ts';
import { tokenFromMail, type TestApp } from './app.ts';

let clientCounter = 0;

/**
 * A client address no other request of this test file has used, so the per-client rate limits
 * of one test never spill into another. Pass it as `remoteAddress` to `t.request`.
 */
export function newClientAddress(): string {
  clientCounter += 1;
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}

/** POSTs a JSON body from a fresh client address unless one is given. */
export function postJson(
  t: TestApp,
  url: string,
  payload: unknown,
  options: { remoteAddress?: string; token?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
    remoteAddress: options.remoteAddress ?? newClientAddress(),
    ...(options.token ? { token: options.token } : {}),
  });
}

export type TokenPairBody = { access: string; refresh: string };

/**
 * Resets the user's password through the API with a reset token written here (as the mailed
 * link would carry it: either instance's job worker may send the mail); answers the response.
 */
export async function resetPasswordByLink(
  t: TestApp,
  userId: number,
  newPassword = 'a brand new password',
): Promise<LightMyRequestResponse> {
  const token = newOpaqueToken();
  await t.pool.query(
    `INSERT INTO one_time_tokens (user_id, purpose, token_hash, expires_at)
     VALUES ($1, 'password_reset', $2, now() + interval '1 hour')`,
    [userId, hashToken(token)],
  );
  return postJson(t, '/api/auth/password-reset/confirm/', { token, new_password: newPassword });
}

/** Signs in through the API and answers the token pair; fails the test if sign-in fails. */
export async function login(t: TestApp, email: string, password: string): Promise<TokenPairBody> {
  const res = await postJson(t, '/api/auth/token/', { email, password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<TokenPairBody>();
}

/** The claims of a JWT, read without checking its signature. */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The recipients of every mail in the outbox so far. */
export async function outboxRecipients(t: TestApp): Promise<string[]> {
  const outbox = path.join(t.config.dataDir, 'outbox');
  const files = await fs.readdir(outbox).catch(() => [] as string[]);
  const recipients: string[] = [];
  for (const file of files) {
    const text = await fs.readFile(path.join(outbox, file), 'utf8');
    const match = /^To: (.+)$/m.exec(text);
    if (match?.[1]) recipients.push(match[1].trim());
  }
  return recipients;
}

/** Waits until every queued mail is written to the outbox (or failed for good). */
export async function mailQueueSettled(t: TestApp): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await t.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job
        WHERE name = 'send-mail' AND state IN ('created', 'retry', 'active')`,
    );
    if (rows[0]?.n === 0) return;
    if (Date.now() > deadline) throw new Error('The mail queue did not settle');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How many mails to `to` the outbox holds, once every queued mail is written. */
export async function mailsTo(t: TestApp, to: string): Promise<number> {
  await mailQueueSettled(t);
  return (await outboxRecipients(t)).filter((recipient) => recipient === to).length;
}

/**
 * The token of the newest mailed link to `to`, waiting until it differs from `previous`: a
 * second mail to the same address may not be in the outbox yet when the request answers.
 */
export async function mailedToken(
  t: TestApp,
  to: string,
  subject: string,
  route: string,
  previous?: string,
): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const token = tokenFromMail(await t.waitForMail(to, subject), route);
    if (token !== previous) return token;
    if (Date.now() > deadline) throw new Error(`No new ${route} mail to ${to} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
