import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  balance,
  buildCreator,
  get,
  moneySnapshot,
  pay,
  platformBalance,
  tip,
  topUp,
} from '../../../test/economy.ts';
import { buildUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const FORMAT = 'Enter a positive amount in dollars with at most two decimals.';
const TOPUP_RANGE = 'The amount must be between $1.00 and $10000.00.';
const NOT_AN_AMOUNT = 'Enter an amount in dollars, like 5 or 12.50.';

describe('GET /api/wallet/', () => {
  it('answers an empty wallet in test mode for a new user', async () => {
    const user = await buildUser(t);
    const res = await get(t, user, '/api/wallet/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      balance_cents: 0,
      earnings_cents: 0,
      withdrawable_cents: 0,
      currency: 'usd',
      platform_fee_percent: 10,
      provider: 'test',
      test_mode: true,
    });
  });

  it('requires auth', async () => {
    expect((await get(t, undefined, '/api/wallet/')).statusCode).toBe(401);
  });
});

describe('POST /api/wallet/topups/', () => {
  it('credits the wallet at once in test mode, as text or as a number', async () => {
    const user = await buildUser(t);
    const external = await platformBalance(t, 'external');
    const first = await pay(t, user, '/api/wallet/topups/', { amount: '12.50' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ status: 'credited', balance_cents: 1250 });
    const second = await pay(t, user, '/api/wallet/topups/', { amount: 7.5 });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual({ status: 'credited', balance_cents: 2000 });
    const wallet = (await get(t, user, '/api/wallet/')).json();
    expect(wallet.balance_cents).toBe(2000);
    expect(wallet.earnings_cents).toBe(0);
    // The money came from outside the platform.
    expect(await platformBalance(t, 'external')).toBe(external - 2000);
  });

  it('lists the top-up as incoming money', async () => {
    const user = await buildUser(t);
    await topUp(t, user, '3');
    const res = await get(t, user, '/api/wallet/transactions/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        kind: 'topup',
        description: 'Wallet top-up',
        direction: 'in',
        amount_cents: 300,
        fee_cents: 0,
        net_cents: 300,
        counterparty: null,
      }),
    ]);
  });

  it('requires auth', async () => {
    const before = await moneySnapshot(t);
    const res = await pay(t, undefined, '/api/wallet/topups/', { amount: '5' });
    expect(res.statusCode).toBe(401);
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it.each<[string, unknown, string]>([
    ['a negative text amount', '-5', FORMAT],
    ['a negative number', -5, FORMAT],
    ['zero', '0', TOPUP_RANGE],
    ['zero as a number', 0, TOPUP_RANGE],
    ['a fraction of a cent', '1.005', FORMAT],
    ['a fraction of a cent as a number', 1.005, FORMAT],
    ['less than the minimum', '0.99', TOPUP_RANGE],
    ['more than the maximum', '10000.01', TOPUP_RANGE],
    ['an enormous amount', '99999999999999', FORMAT],
    ['an enormous number', 1e21, FORMAT],
    ['text that is not a number', 'ten dollars', FORMAT],
    ['an empty string', '', FORMAT],
    ['a boolean', true, NOT_AN_AMOUNT],
    ['null', null, NOT_AN_AMOUNT],
  ])('refuses %s with the exact message and moves no money', async (_name, amount, message) => {
    const user = await buildUser(t);
    await topUp(t, user, '1');
    const before = await moneySnapshot(t);
    const res = await pay(t, user, '/api/wallet/topups/', { amount });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ amount: [message] });
    expect(await moneySnapshot(t)).toEqual(before);
    expect(await balance(t, user)).toBe(100);
  });

  it('refuses a body without an amount', async () => {
    const user = await buildUser(t);
    const res = await pay(t, user, '/api/wallet/topups/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ amount: [NOT_AN_AMOUNT] });
    expect(await balance(t, user)).toBe(0);
  });

  it('accepts exactly the minimum and the maximum', async () => {
    const user = await buildUser(t);
    expect((await pay(t, user, '/api/wallet/topups/', { amount: '1.00' })).statusCode).toBe(201);
    expect((await pay(t, user, '/api/wallet/topups/', { amount: 10000 })).statusCode).toBe(201);
    expect(await balance(t, user)).toBe(1_000_100);
  });
});

describe('GET /api/wallet/transactions/', () => {
  it('shows the 10% fee and the 90% creator share of a $10.00 payment to both sides', async () => {
    const fan = await buildUser(t);
    const creator = await buildCreator(t);
    await topUp(t, fan, '25');
    const revenue = await platformBalance(t, 'platform_revenue');
    const res = await tip(t, fan, creator, '10.00');
    expect(res.statusCode).toBe(201);
    expect(await balance(t, creator, 'earnings')).toBe(900);
    expect(await platformBalance(t, 'platform_revenue')).toBe(revenue + 100);
    expect(await balance(t, fan)).toBe(1500);

    const fanLines = (await get(t, fan, '/api/wallet/transactions/')).json();
    expect(fanLines[0]).toEqual({
      id: res.json().id,
      kind: 'tip',
      description: 'Tip',
      direction: 'out',
      amount_cents: 1000,
      fee_cents: 100,
      creator_cents: 900,
      net_cents: -1000,
      counterparty: creator.username,
      reference: { creator_id: creator.id },
      created_at: expect.any(String),
    });
    const creatorLines = (await get(t, creator, '/api/wallet/transactions/')).json();
    expect(creatorLines).toEqual([
      expect.objectContaining({
        id: res.json().id,
        direction: 'in',
        amount_cents: 1000,
        fee_cents: 100,
        creator_cents: 900,
        net_cents: 900,
        counterparty: fan.username,
      }),
    ]);
    const wallet = (await get(t, creator, '/api/wallet/')).json();
    expect(wallet.earnings_cents).toBe(900);
    expect(wallet.balance_cents).toBe(0);
  });

  it('pages newest first with before and limit', async () => {
    const user = await buildUser(t);
    for (const amount of ['1', '2', '3', '4', '5']) await topUp(t, user, amount);
    const page1 = (await get(t, user, '/api/wallet/transactions/?limit=2')).json();
    expect(page1.map((line: { amount_cents: number }) => line.amount_cents)).toEqual([500, 400]);
    const page2 = (
      await get(t, user, `/api/wallet/transactions/?limit=2&before=${page1[1].id}`)
    ).json();
    expect(page2.map((line: { amount_cents: number }) => line.amount_cents)).toEqual([300, 200]);
    const page3 = (
      await get(t, user, `/api/wallet/transactions/?limit=2&before=${page2[1].id}`)
    ).json();
    expect(page3.map((line: { amount_cents: number }) => line.amount_cents)).toEqual([100]);
  });

  it("shows nobody else's transactions", async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    await topUp(t, a, '9');
    expect((await get(t, b, '/api/wallet/transactions/')).json()).toEqual([]);
  });

  it('requires auth', async () => {
    expect((await get(t, undefined, '/api/wallet/transactions/')).statusCode).toBe(401);
  });

  it.each([['limit=0'], ['limit=101'], ['limit=abc'], ['before=-1'], ['before=0']])(
    'refuses %s',
    async (query) => {
      const user = await buildUser(t);
      const res = await get(t, user, `/api/wallet/transactions/?${query}`);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json<{ fields: object }>().fields)).toEqual([query.split('=')[0]]);
    },
  );
});

describe('POST /api/wallet/webhooks/stripe/ in test mode', () => {
  it('refuses every webhook as forged and credits nothing', async () => {
    const before = await moneySnapshot(t);
    const payload = JSON.stringify({
      id: 'evt_forged',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_1', payment_status: 'paid', amount_total: 100_000 } },
    });
    for (const signature of [undefined, 't=1,v1=deadbeef']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/wallet/webhooks/stripe/',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Invalid webhook signature.' });
    }
    expect(await moneySnapshot(t)).toEqual(before);
  });
});
