import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  balance,
  buildCreator,
  changePrice,
  get,
  ledgerViolations,
  makeDue,
  pay,
  renewAllDue,
  subscribe,
  subscriptionRow,
  topUp,
} from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { claim, claimsOf, createOffer, setBundles, subscribeFor } from '../../../test/offers.ts';

/**
 * Money from offers: a trial converting (or expiring) in the renewal job, a discounted first
 * month then the regular price, a bundle charged at once and renewed as a bundle, and the
 * statement lines that describe each.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;

function chargesOf(fan: TestUser) {
  return t.pool
    .query<{ kind: string; amount_cents: string; fee_cents: string; reference: unknown }>(
      `SELECT kind, amount_cents, fee_cents, reference FROM ledger_transactions
        WHERE payer_id = $1 AND kind IN ('subscription', 'renewal') ORDER BY id`,
      [fan.id],
    )
    .then((r) =>
      r.rows.map((row) => ({
        kind: row.kind,
        amount: Number(row.amount_cents),
        fee: Number(row.fee_cents),
        reference: row.reference,
      })),
    );
}

const statement = async (user: TestUser) =>
  (await get(t, user, '/api/wallet/transactions/')).json() as {
    kind: string;
    description: string;
    amount_cents: number;
  }[];

async function trialOf(creator: TestUser, fan: TestUser) {
  const offer = await createOffer(t, creator, { kind: 'trial', trial_days: 7 });
  const res = await claim(t, fan, offer.code);
  if (res.statusCode !== 201) throw new Error(`claim failed: ${res.body}`);
  return { offerId: offer.id, id: res.json().id as number };
}

describe('a free trial at its end', () => {
  it('converts: charged the regular price once, with the 10% fee, no longer a trial', async () => {
    const creator = await buildCreator(t, 999);
    const fan = await buildUser(t);
    await topUp(t, fan, '25');
    const { offerId, id } = await trialOf(creator, fan);
    expect(await chargesOf(fan)).toEqual([]);
    await makeDue(t, id);
    const periodEnd = (await subscriptionRow(t, id)).current_period_end;
    await renewAllDue(t);
    await renewAllDue(t);

    expect(await chargesOf(fan)).toEqual([
      {
        kind: 'subscription',
        amount: 999,
        fee: 100,
        reference: { subscription_id: id, offer_id: offerId, trial: 1 },
      },
    ]);
    expect(await balance(t, fan)).toBe(2500 - 999);
    expect(await balance(t, creator, 'earnings')).toBe(899);
    const row = await subscriptionRow(t, id);
    expect(row.status).toBe('active');
    const extended = row.current_period_end.getTime() - periodEnd.getTime();
    expect(extended).toBeGreaterThanOrEqual(28 * DAY_MS);
    expect(extended).toBeLessThanOrEqual(31 * DAY_MS);
    const [active] = (await get(t, fan, '/api/auth/subscriptions/active/')).json();
    expect(active).toMatchObject({ id, is_trial: false, price_cents: 999 });
    expect((await statement(fan))[0]).toMatchObject({
      kind: 'subscription',
      description: `Free trial converted: subscription to @${creator.username}`,
      amount_cents: 999,
    });
    // Next period: a plain renewal at the regular price.
    await makeDue(t, id);
    await renewAllDue(t);
    expect((await chargesOf(fan)).map((c) => [c.kind, c.amount])).toEqual([
      ['subscription', 999],
      ['renewal', 999],
    ]);
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('expires uncharged when cancelled before the end', async () => {
    const creator = await buildCreator(t, 999);
    const fan = await buildUser(t);
    await topUp(t, fan, '25');
    const { id } = await trialOf(creator, fan);
    const cancelled = await pay(t, fan, `/api/auth/subscriptions/${id}/cancel/`, {}, null);
    expect(cancelled.json()).toMatchObject({ cancel_at_period_end: true, next_billing: null });
    await makeDue(t, id);
    await renewAllDue(t);
    expect(await chargesOf(fan)).toEqual([]);
    expect(await balance(t, fan)).toBe(2500);
    expect((await subscriptionRow(t, id)).status).toBe('expired');
  });

  it('expires like a failed renewal when the wallet is short, and tells the fan', async () => {
    const creator = await buildCreator(t, 999);
    const fan = await buildUser(t);
    await topUp(t, fan, '5');
    const { id } = await trialOf(creator, fan);
    await makeDue(t, id);
    await renewAllDue(t);
    expect(await chargesOf(fan)).toEqual([]);
    expect(await balance(t, fan)).toBe(500);
    const row = await subscriptionRow(t, id);
    expect(row.status).toBe('expired');
    const notes = (await get(t, fan, '/api/notifications/')).json();
    expect(JSON.stringify(notes)).toContain('your wallet did not cover $9.99');
    expect(await ledgerViolations(t)).toEqual([]);
  });
});

describe('a discount', () => {
  it('is shown to the fan, charged for the first month only, then the regular price', async () => {
    const creator = await buildCreator(t, 999);
    const offer = await createOffer(t, creator, { kind: 'discount', discount_percent: 50 });
    const fan = await buildUser(t);
    await topUp(t, fan, '30');
    const options = (await get(t, fan, `/api/offers/for/${creator.id}/`)).json();
    expect(options).toEqual({
      creator_id: creator.id,
      price_cents: 999,
      discount: {
        offer_id: offer.id,
        discount_percent: 50,
        first_period_cents: 500,
        expires_at: null,
      },
      bundles: [],
    });
    const res = await subscribe(t, fan, creator);
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    expect(res.json()).toMatchObject({ price_cents: 999, period_months: 1, is_trial: false });
    expect(await chargesOf(fan)).toEqual([
      {
        kind: 'subscription',
        amount: 500,
        fee: 50,
        reference: { subscription_id: id, offer_id: offer.id, discount_percent: 50 },
      },
    ]);
    expect((await statement(fan))[0]?.description).toBe(
      `Subscription to @${creator.username}, first month, 50% off`,
    );
    expect((await statement(creator))[0]?.description).toBe(
      `Subscription to @${creator.username}, first month, 50% off`,
    );
    expect((await claimsOf(t, offer.id)).count).toBe(1);
    await makeDue(t, id);
    await renewAllDue(t);
    expect((await chargesOf(fan)).map((c) => [c.kind, c.amount])).toEqual([
      ['subscription', 500],
      ['renewal', 999],
    ]);
    expect(await balance(t, fan)).toBe(3000 - 500 - 999);
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('gives the best open offer for the fan, once; audiences and ended offers respected', async () => {
    const creator = await buildCreator(t, 1000);
    await createOffer(t, creator, { kind: 'discount', discount_percent: 20 });
    const best = await createOffer(t, creator, { kind: 'discount', discount_percent: 40 });
    const ended = await createOffer(t, creator, { kind: 'discount', discount_percent: 90 });
    await pay(t, creator, `/api/creator/offers/${ended.id}/end/`, {}, null);
    const returning = await createOffer(t, creator, {
      kind: 'discount',
      discount_percent: 60,
      audience: 'returning',
    });
    const fan = await buildUser(t);
    await topUp(t, fan, '50');
    const first = await subscribe(t, fan, creator);
    expect((await chargesOf(fan))[0]?.amount).toBe(600); // 40% off, not the ended 90%
    expect((await claimsOf(t, best.id)).count).toBe(1);
    // Expired, the fan is 'returning': the 60% offer now applies; the 40% one was used.
    await t.pool.query(`UPDATE subscriptions SET status = 'expired' WHERE id = $1`, [
      first.json().id,
    ]);
    expect((await get(t, fan, `/api/offers/for/${creator.id}/`)).json().discount).toMatchObject({
      offer_id: returning.id,
      first_period_cents: 400,
    });
    await subscribe(t, fan, creator);
    expect((await chargesOf(fan)).map((c) => c.amount)).toEqual([600, 400]);
  });

  it('leaves a full offer to the regular price', async () => {
    const creator = await buildCreator(t, 999);
    await createOffer(t, creator, { kind: 'discount', discount_percent: 50, claim_limit: 1 });
    const [a, b] = [await buildUser(t), await buildUser(t)];
    await topUp(t, a, '20');
    await topUp(t, b, '20');
    await subscribe(t, a, creator);
    expect((await get(t, b, `/api/offers/for/${creator.id}/`)).json().discount).toBeNull();
    await subscribe(t, b, creator);
    expect((await chargesOf(a))[0]?.amount).toBe(500);
    expect((await chargesOf(b))[0]).toMatchObject({ amount: 999, reference: expect.any(Object) });
    expect((await chargesOf(b))[0]?.reference).toEqual({ subscription_id: expect.any(Number) });
  });
});

describe('what the fan confirmed', () => {
  it('answers 409 and charges nothing when the price is not the one confirmed', async () => {
    const creator = await buildCreator(t, 999);
    const offer = await createOffer(t, creator, { kind: 'discount', discount_percent: 50 });
    const fan = await buildUser(t);
    await topUp(t, fan, '20');
    const body = { creator_id: creator.id, expected_price_cents: 999 };
    const stale = await pay(t, fan, '/api/auth/subscriptions/', body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      detail: 'The price is now $5.00. Check it and confirm again.',
    });
    expect(await chargesOf(fan)).toEqual([]);
    expect((await claimsOf(t, offer.id)).count).toBe(0);
    const ok = await pay(t, fan, '/api/auth/subscriptions/', {
      ...body,
      expected_price_cents: 500,
    });
    expect(ok.statusCode).toBe(201);
    expect((await chargesOf(fan)).map((c) => c.amount)).toEqual([500]);
  });

  it('keeps the discount unclaimed when the wallet is short', async () => {
    const creator = await buildCreator(t, 999);
    const offer = await createOffer(t, creator, { kind: 'discount', discount_percent: 10 });
    const fan = await buildUser(t);
    await topUp(t, fan, '5');
    const res = await subscribe(t, fan, creator);
    expect(res.statusCode).toBe(402);
    expect(await claimsOf(t, offer.id)).toEqual({ count: 0, rows: [] });
    expect(await balance(t, fan)).toBe(500);
  });
});

describe('a bundle', () => {
  it('charges its months at once and renews as the same bundle', async () => {
    const creator = await buildCreator(t, 999);
    await setBundles(t, creator, [{ months: 3, discount_percent: 10 }]);
    // A discount does not stack on a bundle.
    await createOffer(t, creator, { kind: 'discount', discount_percent: 50 });
    const fan = await buildUser(t);
    await topUp(t, fan, '60');
    const res = await subscribeFor(t, fan, creator, 3);
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    expect(res.json()).toMatchObject({ price_cents: 2697, period_months: 3 });
    const days = (Date.parse(res.json().next_billing) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(88);
    expect(days).toBeLessThan(93);
    expect((await statement(fan))[0]).toMatchObject({
      description: `Subscription to @${creator.username}, 3 months`,
      amount_cents: 2697,
    });
    // A lower monthly price does not reach a bundle's agreed price.
    expect((await changePrice(t, creator, '4.99')).statusCode).toBe(200);
    await makeDue(t, id);
    await renewAllDue(t);
    expect((await chargesOf(fan)).map((c) => [c.kind, c.amount, c.fee])).toEqual([
      ['subscription', 2697, 270],
      ['renewal', 2697, 270],
    ]);
    expect((await statement(fan))[0]?.description).toBe(
      `Subscription renewal to @${creator.username}, 3 months`,
    );
    expect(
      (await subscriptionRow(t, id)).current_period_end.getTime() - Date.now(),
    ).toBeGreaterThan(85 * DAY_MS);
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('refuses a length the creator does not offer, and a months that is not 1, 3, 6 or 12', async () => {
    const creator = await buildCreator(t, 999);
    const fan = await buildUser(t);
    await topUp(t, fan, '60');
    expect((await subscribeFor(t, fan, creator, 6)).json()).toMatchObject({
      error: 'This creator has no 6-month bundle.',
    });
    for (const months of [2, '3', 3.5, true]) {
      const res = await pay(t, fan, '/api/auth/subscriptions/', { creator_id: creator.id, months });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ months: ['months must be 1, 3, 6 or 12.'] });
    }
    expect(await balance(t, fan)).toBe(6000);
  });
});
