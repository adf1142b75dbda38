import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  balance,
  buildCreator,
  get,
  ledgerViolations,
  moneySnapshot,
  newKey,
  platformBalance,
  tip,
  topUp,
} from '../../../test/economy.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const FORMAT = 'Enter a positive amount in dollars with at most two decimals.';
const TIP_RANGE = 'The amount must be between $1.00 and $1000.00.';

async function fanWith(amount: string): Promise<TestUser> {
  const fan = await buildUser(t);
  await topUp(t, fan, amount);
  return fan;
}

describe('POST /api/tips/', () => {
  it('pays the creator 90%, the platform 10%, and answers the new balance', async () => {
    const fan = await fanWith('20');
    const creator = await buildCreator(t);
    const revenue = await platformBalance(t, 'platform_revenue');
    const res = await tip(t, fan, creator, '10.00');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      amount_cents: 1000,
      fee_cents: 100,
      creator_cents: 900,
      balance_cents: 1000,
    });
    expect(await balance(t, fan)).toBe(1000);
    expect(await balance(t, creator, 'earnings')).toBe(900);
    expect(await balance(t, creator)).toBe(0);
    expect(await platformBalance(t, 'platform_revenue')).toBe(revenue + 100);
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('rounds the fee to the nearest cent and the creator gets the rest', async () => {
    const fan = await fanWith('10');
    const creator = await buildCreator(t);
    const res = await tip(t, fan, creator, '1.05');
    expect(res.json()).toMatchObject({ amount_cents: 105, fee_cents: 11, creator_cents: 94 });
    expect(await balance(t, creator, 'earnings')).toBe(94);
  });

  it('tips a free creator too, and on one of their posts', async () => {
    const fan = await fanWith('10');
    const creator = await buildCreator(t, 0);
    const post = await buildPost(t, creator, { content: 'thanks for the tip' });
    const res = await tip(t, fan, creator, 2, { post_id: post.id });
    expect(res.statusCode).toBe(201);
    const line = (await get(t, fan, '/api/wallet/transactions/')).json()[0];
    expect(line).toMatchObject({
      kind: 'tip',
      reference: { creator_id: creator.id, post_id: post.id },
    });
  });

  it('refuses a post that is not the creator’s with 404 and moves nothing', async () => {
    const fan = await fanWith('10');
    const creator = await buildCreator(t);
    const otherPost = await buildPost(t, await buildCreator(t));
    const before = await moneySnapshot(t);
    for (const postId of [otherPost.id, 999_999]) {
      const res = await tip(t, fan, creator, '2', { post_id: postId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Post not found.' });
    }
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('refuses with 402 when the wallet is short, and moves nothing', async () => {
    const fan = await fanWith('5');
    const creator = await buildCreator(t);
    const before = await moneySnapshot(t);
    const res = await tip(t, fan, creator, '5.01');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      detail: 'Insufficient funds. Top up your wallet and try again.',
    });
    expect(await moneySnapshot(t)).toEqual(before);
    // A user who never topped up has no money at all.
    const broke = await buildUser(t);
    expect((await tip(t, broke, creator, '1')).statusCode).toBe(402);
    expect(await balance(t, broke)).toBe(0);
  });

  it('refuses a tip to oneself', async () => {
    const creator = await buildCreator(t);
    await topUp(t, creator, '10');
    const before = await moneySnapshot(t);
    const res = await tip(t, creator, creator, '2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'You cannot tip yourself.' });
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('refuses an unknown creator and a user who is not a creator with 404', async () => {
    const fan = await fanWith('10');
    const notCreator = await buildUser(t);
    const before = await moneySnapshot(t);
    for (const target of [{ id: 999_999 }, notCreator]) {
      const res = await tip(t, fan, target, '2');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Creator not found.' });
    }
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it.each<[string, unknown, string]>([
    ['negative', '-2', FORMAT],
    ['zero', 0, TIP_RANGE],
    ['a fraction of a cent', '1.005', FORMAT],
    ['below the minimum', '0.50', TIP_RANGE],
    ['above the maximum', '1000.01', TIP_RANGE],
    ['enormous', '123456789012', FORMAT],
    ['not a number', 'NaN', FORMAT],
    ['an exponent', '1e3', FORMAT],
  ])('refuses an amount that is %s, and moves nothing', async (_name, amount, message) => {
    const fan = await fanWith('10');
    const creator = await buildCreator(t);
    const before = await moneySnapshot(t);
    const res = await tip(t, fan, creator, amount as string);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ amount: [message] });
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('refuses a missing or malformed creator id', async () => {
    const fan = await fanWith('10');
    const before = await moneySnapshot(t);
    for (const creatorId of [undefined, 'abc', -1, 0, 1.5]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/tips/',
        headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
        payload: JSON.stringify({ creator_id: creatorId, amount: '2' }),
        token: fan.access,
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json<{ fields: object }>().fields)).toEqual(['creator_id']);
    }
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('requires auth', async () => {
    const creator = await buildCreator(t);
    const before = await moneySnapshot(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/tips/',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      payload: JSON.stringify({ creator_id: creator.id, amount: '2' }),
    });
    expect(res.statusCode).toBe(401);
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('answers a retry with the first answer and charges once; a changed body is 422', async () => {
    const fan = await fanWith('10');
    const creator = await buildCreator(t);
    const key = newKey();
    const first = await tip(t, fan, creator, '3', {}, key);
    const retry = await tip(t, fan, creator, '3.00', {}, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await balance(t, fan)).toBe(700);
    const before = await moneySnapshot(t);
    const changed = await tip(t, fan, creator, '4', {}, key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({
      detail: 'This Idempotency-Key was already used for a different request.',
    });
    expect(await moneySnapshot(t)).toEqual(before);
    // A key of a failed (402) tip is free again: nothing was charged under it.
    const shortKey = newKey();
    expect((await tip(t, fan, creator, '50', {}, shortKey)).statusCode).toBe(402);
    expect((await tip(t, fan, creator, '7', {}, shortKey)).statusCode).toBe(201);
    expect(await balance(t, fan)).toBe(0);
  });
});

describe('tips under concurrency', () => {
  it('50 parallel tips from a wallet holding 10 tips’ worth: exactly 10 succeed', async () => {
    const fan = await fanWith('20');
    const creator = await buildCreator(t);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => tip(t, fan, creator, '2.00')),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
    const balances = answers
      .filter((res) => res.statusCode === 201)
      .map((res) => res.json().balance_cents as number)
      .sort((a, b) => a - b);
    expect(balances).toEqual([0, 200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800]);
    expect(await balance(t, fan)).toBe(0);
    expect(await balance(t, creator, 'earnings')).toBe(10 * 180);
    const { rows } = await t.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'tip' AND payer_id = $1`,
      [fan.id],
    );
    expect(rows[0]?.n).toBe(10);
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('20 parallel requests with the same key: one charge, all answers equal', async () => {
    const fan = await fanWith('10');
    const creator = await buildCreator(t);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => tip(t, fan, creator, '3', {}, key)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(201));
    const [first] = answers;
    for (const res of answers) expect(res.json()).toEqual(first?.json());
    expect(first?.json()).toMatchObject({ amount_cents: 300, balance_cents: 700 });
    expect(await balance(t, fan)).toBe(700);
    expect(await balance(t, creator, 'earnings')).toBe(270);
  });
});
