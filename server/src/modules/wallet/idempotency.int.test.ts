import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  balance,
  buildCreator,
  moneySnapshot,
  newKey,
  pay,
  tip,
  topUp,
} from '../../../test/economy.ts';
import { buildUser } from '../../../test/factories.ts';
import { expireIdempotencyKeys } from './idempotency.ts';

/**
 * Paying requests run at most once per (user, Idempotency-Key): a retry answers the first
 * answer, a changed body is refused, and no path charges twice.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('Idempotency-Key on top-ups', () => {
  it('answers 400 without a key, or with a malformed one, and credits nothing', async () => {
    const user = await buildUser(t);
    const before = await moneySnapshot(t);
    const missing = await pay(t, user, '/api/wallet/topups/', { amount: '5' }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: 'An Idempotency-Key header is required for payments.',
    });
    for (const key of ['short', 'has space in it', 'x'.repeat(201), 'semi;colon;key']) {
      const res = await pay(t, user, '/api/wallet/topups/', { amount: '5' }, key);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'The Idempotency-Key must be 8 to 200 letters, digits, or . _ : -',
      });
    }
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('answers a retry with the first answer and credits once', async () => {
    const user = await buildUser(t);
    const key = newKey();
    const first = await pay(t, user, '/api/wallet/topups/', { amount: '5' }, key);
    await topUp(t, user, '1');
    const retry = await pay(t, user, '/api/wallet/topups/', { amount: '5.00' }, key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    // The stored answer, balance of that moment included.
    expect(retry.json()).toEqual({ status: 'credited', balance_cents: 500 });
    expect(await balance(t, user)).toBe(600);
  });

  it('refuses the same key with a different body (422) and credits nothing', async () => {
    const user = await buildUser(t);
    const key = newKey();
    await pay(t, user, '/api/wallet/topups/', { amount: '5' }, key);
    const before = await moneySnapshot(t);
    const res = await pay(t, user, '/api/wallet/topups/', { amount: '6' }, key);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      detail: 'This Idempotency-Key was already used for a different request.',
    });
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('scopes keys per user: another user may use the same key', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const key = newKey();
    expect((await pay(t, a, '/api/wallet/topups/', { amount: '2' }, key)).statusCode).toBe(201);
    expect((await pay(t, b, '/api/wallet/topups/', { amount: '3' }, key)).statusCode).toBe(201);
    expect([await balance(t, a), await balance(t, b)]).toEqual([200, 300]);
  });

  it('refuses a key already used by another kind of payment (422)', async () => {
    const user = await buildUser(t);
    const creator = await buildCreator(t);
    await topUp(t, user, '10');
    const key = newKey();
    expect((await tip(t, user, creator, '2', {}, key)).statusCode).toBe(201);
    const before = await moneySnapshot(t);
    const res = await pay(t, user, '/api/wallet/topups/', { amount: '2' }, key);
    expect(res.statusCode).toBe(422);
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('credits once when 20 requests with the same key arrive at once', async () => {
    const user = await buildUser(t);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay(t, user, '/api/wallet/topups/', { amount: '4' }, key)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(201));
    for (const res of answers)
      expect(res.json()).toEqual({ status: 'credited', balance_cents: 400 });
    expect(await balance(t, user)).toBe(400);
  });
});

describe('expiring Idempotency-Keys', () => {
  it('forgets keys older than a week and keeps the recent ones answering retries', async () => {
    const user = await buildUser(t);
    const [oldKey, recentKey] = [newKey(), newKey()];
    expect((await pay(t, user, '/api/wallet/topups/', { amount: '5' }, oldKey)).statusCode).toBe(
      201,
    );
    expect((await pay(t, user, '/api/wallet/topups/', { amount: '7' }, recentKey)).statusCode).toBe(
      201,
    );
    await t.pool.query(
      `UPDATE idempotency_keys SET created_at = now() - interval '8 days'
        WHERE user_id = $1 AND key = $2`,
      [user.id, oldKey],
    );

    expect(await expireIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1);

    const { rows } = await t.pool.query<{ key: string }>(
      'SELECT key FROM idempotency_keys WHERE user_id = $1 ORDER BY key',
      [user.id],
    );
    expect(rows.map((row) => row.key)).toEqual([recentKey]);
    // The recent key still answers its retry without paying again.
    const before = await moneySnapshot(t);
    const retry = await pay(t, user, '/api/wallet/topups/', { amount: '7' }, recentKey);
    expect(retry.statusCode).toBe(201);
    expect(await moneySnapshot(t)).toEqual(before);
    expect(await balance(t, user)).toBe(1200);
  });
});
