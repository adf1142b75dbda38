import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { insertTopup } from '../src/modules/wallet/repo.ts';
import { creditTopup } from '../src/modules/wallet/service.ts';
import type { TestApp } from './app.ts';
import { buildUser, type TestUser } from './factories.ts';

/** Helpers for wallet, tips and subscriptions tests: money in, money checked. */

let keyCounter = 0;

/** A fresh Idempotency-Key no other request has used. */
export function newKey(): string {
  keyCounter += 1;
  return `key-${keyCounter}-${randomBytes(6).toString('hex')}`;
}

/**
 * POSTs JSON as `user` with an Idempotency-Key: a fresh one unless `key` is given; `null`
 * sends none.
 */
export function pay(
  t: TestApp,
  user: Pick<TestUser, 'access'> | undefined,
  url: string,
  body: unknown,
  key: string | null = newKey(),
): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    payload: JSON.stringify(body),
    ...(user ? { token: user.access } : {}),
  });
}

/** Tops up `user`'s wallet in test mode; fails the test unless it is credited. */
export async function topUp(t: TestApp, user: TestUser, amount: string): Promise<void> {
  const res = await pay(t, user, '/api/wallet/topups/', { amount });
  if (res.statusCode !== 201 || res.json().status !== 'credited') {
    throw new Error(`top-up failed: ${res.statusCode} ${res.body}`);
  }
}

/**
 * Credits `user`'s wallet with real money, as a live payment provider's confirmed top-up does
 * (the test app runs in test mode, whose money is never paid out).
 */
export async function topUpRealMoney(t: TestApp, user: TestUser, amount: string): Promise<void> {
  const amountCents = Math.round(Number(amount) * 100);
  await t.db.transaction(async (tx) => {
    const topup = await insertTopup(tx, { userId: user.id, amountCents, provider: 'stripe' });
    await creditTopup(tx, { id: topup.id, userId: user.id, amountCents }, false);
  });
}

/**
 * Credits `user`'s wallet with test-mode money without calling the provider, as a test-mode top-up
 * did before a live provider was configured.
 */
export async function topUpTestMoney(t: TestApp, user: TestUser, amount: string): Promise<void> {
  const amountCents = Math.round(Number(amount) * 100);
  await t.db.transaction(async (tx) => {
    const topup = await insertTopup(tx, { userId: user.id, amountCents, provider: 'test' });
    await creditTopup(tx, { id: topup.id, userId: user.id, amountCents }, true);
  });
}

/** A creator with a monthly price in cents (0: free). */
export async function buildCreator(t: TestApp, priceCents = 499): Promise<TestUser> {
  const creator = await buildUser(t, { isCreator: true });
  await setPrice(t, creator, priceCents);
  return creator;
}

export async function setPrice(t: TestApp, user: TestUser, priceCents: number): Promise<void> {
  await t.pool.query('UPDATE users SET subscription_price_cents = $1 WHERE id = $2', [
    priceCents,
    user.id,
  ]);
}

/** Changes a creator's monthly price through the profile, as the creator does. */
export function changePrice(
  t: TestApp,
  creator: TestUser,
  price: 'free' | '4.99' | '9.99' | '19.99',
) {
  return t.request({
    method: 'PUT',
    url: '/api/auth/profile/',
    token: creator.access,
    payload: { subscription_price: price },
  });
}

export async function makeAdmin(t: TestApp, user: TestUser): Promise<void> {
  await t.pool.query('UPDATE users SET is_admin = true WHERE id = $1', [user.id]);
}

/** A user account's balance read from the ledger (0 when the account does not exist yet). */
export async function balance(
  t: TestApp,
  user: Pick<TestUser, 'id'>,
  kind: 'wallet' | 'earnings' = 'wallet',
): Promise<number> {
  const { rows } = await t.pool.query<{ balance: string }>(
    'SELECT balance_cents AS balance FROM ledger_accounts WHERE kind = $1 AND user_id = $2',
    [kind, user.id],
  );
  return rows[0] ? Number(rows[0].balance) : 0;
}

export async function platformBalance(
  t: TestApp,
  kind: 'platform_revenue' | 'payout_clearing' | 'external',
): Promise<number> {
  const { rows } = await t.pool.query<{ balance: string }>(
    'SELECT balance_cents AS balance FROM ledger_accounts WHERE kind = $1 AND user_id IS NULL',
    [kind],
  );
  return Number(rows[0]?.balance ?? 0);
}

/** Every account's balance and the number of ledger rows: what "no money moved" compares. */
export async function moneySnapshot(t: TestApp) {
  const accounts = await t.pool.query<{ id: string; balance: string }>(
    'SELECT id, balance_cents AS balance FROM ledger_accounts ORDER BY id',
  );
  const counts = await t.pool.query<{ entries: number; transactions: number; topups: number }>(
    `SELECT (SELECT count(*)::int FROM ledger_entries) AS entries,
            (SELECT count(*)::int FROM ledger_transactions) AS transactions,
            (SELECT count(*)::int FROM topups) AS topups`,
  );
  return {
    balances: Object.fromEntries(accounts.rows.map((row) => [row.id, Number(row.balance)])),
    ...counts.rows[0],
  };
}

export async function entriesCount(t: TestApp): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM ledger_entries',
  );
  return rows[0]?.n ?? 0;
}

/**
 * The ledger's invariants, as a list of the ones broken (empty when all hold): all entries sum
 * to zero, each transaction's entries sum to zero, no non-external account is negative, and
 * each account's balance is the sum of its entries.
 */
export async function ledgerViolations(t: TestApp): Promise<string[]> {
  const broken: string[] = [];
  const total = await t.pool.query<{ sum: string }>(
    'SELECT coalesce(sum(amount_cents), 0)::text AS sum FROM ledger_entries',
  );
  if (total.rows[0]?.sum !== '0') broken.push(`entries sum to ${total.rows[0]?.sum}`);
  const unbalanced = await t.pool.query<{ id: string; sum: string }>(
    `SELECT t.id, coalesce(sum(e.amount_cents), 0)::text AS sum
       FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
      GROUP BY t.id HAVING coalesce(sum(e.amount_cents), 0) <> 0 OR count(e.id) < 2`,
  );
  for (const row of unbalanced.rows) broken.push(`transaction ${row.id} sums to ${row.sum}`);
  const negative = await t.pool.query<{ id: string; kind: string; balance: string }>(
    `SELECT id, kind, balance_cents AS balance FROM ledger_accounts
      WHERE kind <> 'external' AND balance_cents < 0`,
  );
  for (const row of negative.rows) broken.push(`${row.kind} ${row.id} is at ${row.balance}`);
  const drift = await t.pool.query<{ id: string; balance: string; sum: string }>(
    `SELECT a.id, a.balance_cents AS balance, coalesce(sum(e.amount_cents), 0)::text AS sum
       FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
      GROUP BY a.id HAVING a.balance_cents <> coalesce(sum(e.amount_cents), 0)`,
  );
  for (const row of drift.rows) {
    broken.push(`account ${row.id} holds ${row.balance} but its entries sum to ${row.sum}`);
  }
  return broken;
}

/** Moves a subscription's paid period to have ended an hour ago, so it is due for renewal. */
export async function makeDue(t: TestApp, subscriptionId: number): Promise<void> {
  await t.pool.query(
    `UPDATE subscriptions SET current_period_end = now() - interval '1 hour' WHERE id = $1`,
    [subscriptionId],
  );
}

/**
 * Runs the renewal job until nothing is due. The app's own scheduled run may hold some rows
 * for a moment (the job skips locked rows); a second pass after it commits finds them handled.
 */
export async function renewAllDue(t: TestApp): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const now = new Date();
    await t.services.subscriptions.renewDue(now);
    const { rows } = await t.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM subscriptions WHERE status = 'active' AND current_period_end <= $1`,
      [now],
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('subscriptions stayed due after renewal');
}

export async function subscriptionRow(t: TestApp, id: number) {
  const { rows } = await t.pool.query<{
    status: string;
    price_cents: number;
    cancel_at_period_end: boolean;
    current_period_end: Date;
    expired_at: Date | null;
  }>(
    'SELECT status, price_cents, cancel_at_period_end, current_period_end, expired_at FROM subscriptions WHERE id = $1',
    [id],
  );
  if (!rows[0]) throw new Error(`no subscription ${id}`);
  return rows[0];
}

export function subscribe(
  t: TestApp,
  fan: TestUser,
  creator: Pick<TestUser, 'id'>,
  key?: string | null,
) {
  return pay(t, fan, '/api/auth/subscriptions/', { creator_id: creator.id }, key);
}

export function tip(
  t: TestApp,
  fan: TestUser,
  creator: Pick<TestUser, 'id'>,
  amount: string | number,
  extra: Record<string, unknown> = {},
  key?: string | null,
) {
  return pay(t, fan, '/api/tips/', { creator_id: creator.id, amount, ...extra }, key);
}

export function get(t: TestApp, user: Pick<TestUser, 'access'> | undefined, url: string) {
  return t.request({ method: 'GET', url, ...(user ? { token: user.access } : {}) });
}

let sharedHash: Promise<string> | undefined;

/**
 * Like `buildUser`, without hashing a password per user: for tests that need many users (the
 * property runs). The password is always 'a long enough password'.
 */
export async function quickUser(t: TestApp, isCreator = false): Promise<TestUser> {
  sharedHash ??= hashPassword('a long enough password', 'general');
  const username = `quick_${randomBytes(6).toString('hex')}`;
  const email = `${username}@example.com`;
  const [row] = await t.db
    .insert(users)
    .values({
      username,
      email,
      passwordHash: await sharedHash,
      isCreator,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert failed');
  return {
    id: row.id,
    username,
    email,
    password: 'a long enough password',
    access: await t.signIn(row.id),
  };
}
