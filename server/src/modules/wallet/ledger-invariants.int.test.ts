import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { balance, entriesCount, ledgerViolations, topUp } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';

/**
 * The database itself guards the ledger, whatever code writes to it: entries of a transaction
 * balance at commit, entries never change, and no wallet goes below zero.
 */
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  user = await buildUser(t);
  await topUp(t, user, '10');
});
afterAll(() => t.close());

async function accountIdOf(kind: string, userId: number | null): Promise<number> {
  const { rows } = await t.pool.query<{ id: string }>(
    'SELECT id FROM ledger_accounts WHERE kind = $1 AND user_id IS NOT DISTINCT FROM $2',
    [kind, userId],
  );
  if (!rows[0]) throw new Error(`no ${kind} account`);
  return Number(rows[0].id);
}

/** Runs `body` in one SQL transaction on its own connection and answers the COMMIT's error. */
async function inTransaction(body: (client: pg.PoolClient) => Promise<void>) {
  const client = await t.pool.connect();
  try {
    await client.query('BEGIN');
    await body(client);
    await client.query('COMMIT');
    return undefined;
  } catch (error) {
    await client.query('ROLLBACK');
    return error as Error & { code?: string };
  } finally {
    client.release();
  }
}

async function insertTransaction(client: pg.PoolClient, amount: number): Promise<number> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO ledger_transactions (kind, payer_id, payee_id, amount_cents)
     VALUES ('topup', NULL, $1, $2) RETURNING id`,
    [user.id, amount],
  );
  return Number(rows[0]?.id);
}

describe('ledger invariants in the database', () => {
  it('refuses at COMMIT a transaction whose entries do not sum to zero', async () => {
    const wallet = await accountIdOf('wallet', user.id);
    const external = await accountIdOf('external', null);
    const entries = await entriesCount(t);
    let insertedBeforeCommit = false;
    const error = await inTransaction(async (client) => {
      const id = await insertTransaction(client, 500);
      await client.query(
        'INSERT INTO ledger_entries (transaction_id, account_id, amount_cents) VALUES ($1, $2, $3), ($1, $4, $5)',
        [id, external, -500, wallet, 499],
      );
      // Deferred: each INSERT passes; only the COMMIT checks.
      insertedBeforeCommit = true;
    });
    expect(insertedBeforeCommit).toBe(true);
    expect(error?.code).toBe('23514');
    expect(error?.message).toMatch(/unbalanced by -1 cents/);
    expect(await entriesCount(t)).toBe(entries);
  });

  it('refuses a lone entry, and accepts a balanced pair', async () => {
    const wallet = await accountIdOf('wallet', user.id);
    const external = await accountIdOf('external', null);
    const lone = await inTransaction(async (client) => {
      const id = await insertTransaction(client, 100);
      await client.query(
        'INSERT INTO ledger_entries (transaction_id, account_id, amount_cents) VALUES ($1, $2, 100)',
        [id, wallet],
      );
    });
    expect(lone?.code).toBe('23514');
    const entries = await entriesCount(t);
    const balanced = await inTransaction(async (client) => {
      const id = await insertTransaction(client, 100);
      await client.query(
        'INSERT INTO ledger_entries (transaction_id, account_id, amount_cents) VALUES ($1, $2, -100)',
        [id, external],
      );
      await client.query(
        'INSERT INTO ledger_entries (transaction_id, account_id, amount_cents) VALUES ($1, $2, 100)',
        [id, wallet],
      );
      await client.query(
        'UPDATE ledger_accounts SET balance_cents = balance_cents + 100 WHERE id = $1',
        [wallet],
      );
      await client.query(
        'UPDATE ledger_accounts SET balance_cents = balance_cents - 100 WHERE id = $1',
        [external],
      );
    });
    expect(balanced).toBeUndefined();
    expect(await entriesCount(t)).toBe(entries + 2);
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('refuses to update a ledger entry', async () => {
    const before = await t.pool.query('SELECT id, amount_cents FROM ledger_entries ORDER BY id');
    await expect(
      t.pool.query('UPDATE ledger_entries SET amount_cents = amount_cents * 2'),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.pool.query('UPDATE ledger_entries SET account_id = account_id WHERE id = $1', [
        before.rows[0].id,
      ]),
    ).rejects.toThrow(/append-only/);
    const after = await t.pool.query('SELECT id, amount_cents FROM ledger_entries ORDER BY id');
    expect(after.rows).toEqual(before.rows);
  });

  it('refuses to delete a ledger entry', async () => {
    const entries = await entriesCount(t);
    expect(entries).toBeGreaterThan(0);
    await expect(t.pool.query('DELETE FROM ledger_entries')).rejects.toThrow(/append-only/);
    await expect(
      t.pool.query('DELETE FROM ledger_entries WHERE id = (SELECT min(id) FROM ledger_entries)'),
    ).rejects.toThrow(/append-only/);
    expect(await entriesCount(t)).toBe(entries);
  });

  it('refuses a wallet or earnings balance below zero, but lets the external account go negative', async () => {
    await expect(
      t.pool.query(
        `UPDATE ledger_accounts SET balance_cents = -1 WHERE kind = 'wallet' AND user_id = $1`,
        [user.id],
      ),
    ).rejects.toMatchObject({ code: '23514', constraint: 'ledger_accounts_non_negative' });
    for (const kind of ['platform_revenue', 'payout_clearing']) {
      await expect(
        t.pool.query(`UPDATE ledger_accounts SET balance_cents = -1 WHERE kind = $1`, [kind]),
      ).rejects.toMatchObject({ code: '23514' });
    }
    await expect(
      t.pool.query(
        `INSERT INTO ledger_accounts (kind, user_id, balance_cents) VALUES ('earnings', $1, -5)`,
        [user.id],
      ),
    ).rejects.toMatchObject({ code: '23514' });
    expect(await balance(t, user)).toBeGreaterThan(0);
    // The outside world's account mirrors money that came in: negative by design.
    const { rows } = await t.pool.query<{ balance: string }>(
      `SELECT balance_cents AS balance FROM ledger_accounts WHERE kind = 'external'`,
    );
    expect(Number(rows[0]?.balance)).toBeLessThan(0);
  });
});
