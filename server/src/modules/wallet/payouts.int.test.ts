import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  balance,
  buildCreator,
  get,
  ledgerViolations,
  makeAdmin,
  moneySnapshot,
  newKey,
  pay,
  platformBalance,
  tip,
  topUpRealMoney,
  topUpTestMoney,
} from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';

/**
 * Payouts on a live instance (a live Stripe key: payouts never call Stripe, so no fake of
 * it answers here): only real money leaves. Test mode's simulated account is
 * `test-account-payouts.int.test.ts`.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
  admin = await buildUser(t);
  await makeAdmin(t, admin);
});
afterAll(() => t.close());

/** A creator holding 90% of `tipAmount` as earnings, tipped by a fan with real money. */
async function creatorWithEarnings(tipAmount: string) {
  const creator = await buildCreator(t);
  const fan = await buildUser(t);
  await topUpRealMoney(t, fan, tipAmount);
  const res = await tip(t, fan, creator, tipAmount);
  if (res.statusCode !== 201) throw new Error(`tip failed: ${res.body}`);
  return creator;
}

const requestPayout = (user: TestUser | undefined, amount: unknown, key?: string) =>
  pay(t, user, '/api/wallet/payouts/', { amount }, key);
const markPaid = (user: TestUser | undefined, id: number | string) =>
  pay(t, user, `/api/admin/payouts/${id}/mark-paid/`, {}, null);

describe('POST /api/wallet/payouts/', () => {
  it('moves earnings to payout clearing and lists the request', async () => {
    const creator = await creatorWithEarnings('20'); // 1800 earned
    const clearing = await platformBalance(t, 'payout_clearing');
    const res = await requestPayout(creator, '15.00');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      amount_cents: 1500,
      status: 'requested',
      requested_at: expect.any(String),
      paid_at: null,
      test_account: false,
    });
    expect(await balance(t, creator, 'earnings')).toBe(300);
    expect(await platformBalance(t, 'payout_clearing')).toBe(clearing + 1500);
    expect((await get(t, creator, '/api/wallet/payouts/')).json()).toEqual([res.json()]);
    const lines = (await get(t, creator, '/api/wallet/transactions/')).json();
    expect(lines[0]).toMatchObject({
      kind: 'payout_request',
      description: 'Payout requested',
      direction: 'out',
      amount_cents: 1500,
      net_cents: -1500,
    });
  });

  it('refuses more than the earnings with 402 and moves nothing', async () => {
    const creator = await creatorWithEarnings('10'); // 900 earned
    // Wallet money is not earnings: it cannot be paid out.
    await topUpRealMoney(t, creator, '50');
    const before = await moneySnapshot(t);
    const res = await requestPayout(creator, '9.01');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ detail: 'Your earnings do not cover this payout.' });
    expect(await moneySnapshot(t)).toEqual(before);
    expect((await get(t, creator, '/api/wallet/payouts/')).json()).toEqual([]);
    expect((await requestPayout(creator, '9.00')).statusCode).toBe(201);
    expect(await balance(t, creator, 'earnings')).toBe(0);
    expect(await balance(t, creator)).toBe(5000);
  });

  it('requests once per Idempotency-Key', async () => {
    const creator = await creatorWithEarnings('10');
    const key = newKey();
    const first = await requestPayout(creator, '4', key);
    const retry = await requestPayout(creator, '4', key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await balance(t, creator, 'earnings')).toBe(500);
    const changed = await requestPayout(creator, '5', key);
    expect(changed.statusCode).toBe(422);
    expect(await balance(t, creator, 'earnings')).toBe(500);
  });

  it.each<[unknown, string]>([
    ['-1', 'Enter a positive amount in dollars with at most two decimals.'],
    ['0', 'The amount must be between $1.00 and $10000.00.'],
    ['1.005', 'Enter a positive amount in dollars with at most two decimals.'],
    ['1000000000', 'Enter a positive amount in dollars with at most two decimals.'],
    ['lots', 'Enter a positive amount in dollars with at most two decimals.'],
  ])('refuses the amount %j and moves nothing', async (amount, message) => {
    const creator = await creatorWithEarnings('10');
    const before = await moneySnapshot(t);
    const res = await requestPayout(creator, amount);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ amount: [message] });
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('requires an Idempotency-Key', async () => {
    const creator = await creatorWithEarnings('10');
    const res = await pay(t, creator, '/api/wallet/payouts/', { amount: '2' }, null);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'An Idempotency-Key header is required for payments.',
    });
    expect(await balance(t, creator, 'earnings')).toBe(900);
  });

  it('requires auth', async () => {
    expect((await requestPayout(undefined, '2')).statusCode).toBe(401);
    expect((await get(t, undefined, '/api/wallet/payouts/')).statusCode).toBe(401);
  });

  it("lists only the user's own payouts", async () => {
    const creator = await creatorWithEarnings('10');
    await requestPayout(creator, '3');
    const other = await buildUser(t);
    expect((await get(t, other, '/api/wallet/payouts/')).json()).toEqual([]);
  });
});

describe('test-mode money on a live instance', () => {
  it('is never paid out: earnings from a test-mode top-up are refused with a clear message', async () => {
    const creator = await buildCreator(t);
    const fan = await buildUser(t);
    await topUpTestMoney(t, fan, '10'); // left from when the instance ran in test mode
    expect((await tip(t, fan, creator, '10')).statusCode).toBe(201);
    expect((await get(t, creator, '/api/wallet/')).json()).toMatchObject({
      earnings_cents: 900,
      withdrawable_cents: 0,
    });

    const before = await moneySnapshot(t);
    const res = await requestPayout(creator, '1');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      detail:
        'Only earnings paid with real money can be paid out, at most $0.00 now: $9.00 of your earnings came from test-mode top-ups.',
    });
    expect(await moneySnapshot(t)).toEqual(before);
    expect((await get(t, creator, '/api/wallet/payouts/')).json()).toEqual([]);
    // More than the earnings is still the plain refusal.
    expect((await requestPayout(creator, '9.01')).json()).toMatchObject({
      detail: 'Your earnings do not cover this payout.',
    });
  });

  it('is spent first from a wallet, and only the real part of the earnings is paid out', async () => {
    const creator = await buildCreator(t);
    const fan = await buildUser(t);
    await topUpRealMoney(t, fan, '5');
    await topUpTestMoney(t, fan, '5');
    // $8: the $5 of test money first, then $3 of real money. The creator earns $7.20, of which
    // the $5 of test money is not withdrawable.
    expect((await tip(t, fan, creator, '8')).statusCode).toBe(201);
    expect((await get(t, creator, '/api/wallet/')).json()).toMatchObject({
      earnings_cents: 720,
      withdrawable_cents: 220,
    });
    expect((await requestPayout(creator, '2.21')).statusCode).toBe(402);
    expect((await requestPayout(creator, '2.20')).statusCode).toBe(201);

    // What is left in the fan's wallet is real: a further tip earns withdrawable money.
    expect((await tip(t, fan, creator, '2')).statusCode).toBe(201);
    expect((await get(t, creator, '/api/wallet/')).json()).toMatchObject({
      earnings_cents: 500 + 180,
      withdrawable_cents: 180,
    });
    expect((await requestPayout(creator, '1.80')).statusCode).toBe(201);
    expect(await ledgerViolations(t)).toEqual([]);
  });
});

describe('admin payouts', () => {
  it('lists requested payouts and marks one paid, once', async () => {
    const creator = await creatorWithEarnings('30');
    const payout = (await requestPayout(creator, '25')).json();
    const listed = (await get(t, admin, '/api/admin/payouts/?status=requested')).json();
    expect(listed).toContainEqual({
      ...payout,
      creator: { id: creator.id, username: creator.username, email: creator.email },
    });

    const clearing = await platformBalance(t, 'payout_clearing');
    const external = await platformBalance(t, 'external');
    const res = await markPaid(admin, payout.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: payout.id, status: 'paid', amount_cents: 2500 });
    expect(res.json().paid_at).toEqual(expect.any(String));
    expect(await platformBalance(t, 'payout_clearing')).toBe(clearing - 2500);
    expect(await platformBalance(t, 'external')).toBe(external + 2500);

    const requested = (await get(t, admin, '/api/admin/payouts/')).json();
    expect(requested.map((p: { id: number }) => p.id)).not.toContain(payout.id);
    const paid = (await get(t, admin, '/api/admin/payouts/?status=paid')).json();
    expect(paid.map((p: { id: number }) => p.id)).toContain(payout.id);
    expect((await get(t, creator, '/api/wallet/payouts/')).json()[0].status).toBe('paid');
    // The audit log says who marked it paid.
    const audit = (await get(t, admin, '/api/admin/audit-log/')).json();
    expect(audit.results[0]).toMatchObject({
      action: 'payout_paid',
      target_type: 'payout',
      target_id: payout.id,
      details: { amount_cents: 2500 },
    });

    const before = await moneySnapshot(t);
    const twice = await markPaid(admin, payout.id);
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toMatchObject({ detail: 'No requested payout with this id.' });
    expect(await moneySnapshot(t)).toEqual(before);
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('pays out once when marked paid many times at once', async () => {
    const creator = await creatorWithEarnings('10');
    const payout = (await requestPayout(creator, '9')).json();
    const clearing = await platformBalance(t, 'payout_clearing');
    const answers = await Promise.all(Array.from({ length: 8 }, () => markPaid(admin, payout.id)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, ...Array(7).fill(404)]);
    expect(await platformBalance(t, 'payout_clearing')).toBe(clearing - 900);
  });

  it('hides the admin pages from non-admins with 404 and pays nothing', async () => {
    const creator = await creatorWithEarnings('10');
    const payout = (await requestPayout(creator, '5')).json();
    const before = await moneySnapshot(t);
    for (const user of [creator, await buildUser(t)]) {
      const list = await get(t, user, '/api/admin/payouts/?status=requested');
      expect(list.statusCode).toBe(404);
      const mark = await markPaid(user, payout.id);
      expect(mark.statusCode).toBe(404);
      expect(mark.json()).toMatchObject({ detail: 'Not found.' });
    }
    expect(await moneySnapshot(t)).toEqual(before);
    expect((await get(t, creator, '/api/wallet/payouts/')).json()[0].status).toBe('requested');
  });

  it('requires auth', async () => {
    expect((await get(t, undefined, '/api/admin/payouts/')).statusCode).toBe(401);
    expect((await markPaid(undefined, 1)).statusCode).toBe(401);
  });

  it('rejects bad input', async () => {
    const status = await get(t, admin, '/api/admin/payouts/?status=lost');
    expect(status.statusCode).toBe(400);
    expect(Object.keys(status.json<{ fields: object }>().fields)).toEqual(['status']);
    const id = await markPaid(admin, 'abc');
    expect(id.statusCode).toBe(400);
    expect(id.json()).toMatchObject({ id: ['Not a valid id.'] });
    expect((await markPaid(admin, 999_999)).statusCode).toBe(404);
  });
});
