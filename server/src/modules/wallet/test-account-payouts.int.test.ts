import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  balance,
  buildCreator,
  get,
  ledgerViolations,
  makeAdmin,
  pay,
  platformBalance,
  tip,
  topUp,
  topUpRealMoney,
} from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';

/**
 * Test mode (no payment provider configured, the test app's default) pays out into a simulated
 * account, so an operator can try the whole flow: the same states and history as a real payout,
 * marked as the test account, from test-mode money only (issue 32).
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t);
  await makeAdmin(t, admin);
});
afterAll(() => t.close());

const requestPayout = (user: TestUser, amount: string) =>
  pay(t, user, '/api/wallet/payouts/', { amount });
const markPaid = (id: number) => pay(t, admin, `/api/admin/payouts/${id}/mark-paid/`, {}, null);

/** A creator tipped `amount` by a fan who topped up in test mode. */
async function creatorWithTestEarnings(amount: string) {
  const creator = await buildCreator(t);
  const fan = await buildUser(t);
  await topUp(t, fan, amount);
  expect((await tip(t, fan, creator, amount)).statusCode).toBe(201);
  return creator;
}

describe('payouts in test mode', () => {
  it('pay test-mode earnings into the test account, through requested and paid', async () => {
    const creator = await creatorWithTestEarnings('10'); // 900 earned, all test money
    expect((await get(t, creator, '/api/wallet/')).json()).toMatchObject({
      test_mode: true,
      earnings_cents: 900,
      withdrawable_cents: 900,
    });

    const res = await requestPayout(creator, '9.00');
    expect(res.statusCode).toBe(201);
    const payout = res.json<{ id: number }>();
    expect(payout).toEqual({
      id: expect.any(Number),
      amount_cents: 900,
      status: 'requested',
      requested_at: expect.any(String),
      paid_at: null,
      test_account: true,
    });
    expect(await balance(t, creator, 'earnings')).toBe(0);
    expect((await get(t, creator, '/api/wallet/payouts/')).json()).toEqual([payout]);
    const queue = (await get(t, admin, '/api/admin/payouts/?status=requested')).json();
    expect(queue).toContainEqual(expect.objectContaining({ id: payout.id, test_account: true }));

    const clearing = await platformBalance(t, 'payout_clearing');
    const paid = await markPaid(payout.id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ id: payout.id, status: 'paid', test_account: true });
    expect(await platformBalance(t, 'payout_clearing')).toBe(clearing - 900);
    expect((await get(t, creator, '/api/wallet/payouts/')).json()).toEqual([
      expect.objectContaining({ id: payout.id, status: 'paid', test_account: true }),
    ]);
    const lines = (await get(t, creator, '/api/wallet/transactions/')).json();
    expect(lines[0]).toMatchObject({ kind: 'payout_request', net_cents: -900 });
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('leave real earnings for a real payout, and say so when asked for more', async () => {
    const creator = await creatorWithTestEarnings('5'); // 450 of test money
    const fan = await buildUser(t);
    await topUpRealMoney(t, fan, '10');
    expect((await tip(t, fan, creator, '10')).statusCode).toBe(201); // 900 of real money
    expect((await get(t, creator, '/api/wallet/')).json()).toMatchObject({
      earnings_cents: 1350,
      withdrawable_cents: 450,
    });

    const refused = await requestPayout(creator, '4.51');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      detail:
        'In test mode only earnings from test-mode top-ups are paid out, into a test account: at most $4.50 now.',
    });
    expect((await requestPayout(creator, '4.50')).statusCode).toBe(201);
    expect(await balance(t, creator, 'earnings')).toBe(900);
    expect((await get(t, creator, '/api/wallet/')).json()).toMatchObject({
      withdrawable_cents: 0,
    });
    expect(await ledgerViolations(t)).toEqual([]);
  });
});
