import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  balance,
  buildCreator,
  changePrice,
  get,
  ledgerViolations,
  makeDue,
  moneySnapshot,
  pay,
  platformBalance,
  renewAllDue,
  subscribe,
  subscriptionRow,
  topUp,
} from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';

/**
 * The renewal job, run by hand: `renewDue` charges each due subscription its agreed price,
 * expires cancelled ones at the end of their period, and expires (and tells the fan) those whose
 * wallet is short. A creator's price change reaches running subscriptions only when it lowers it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MONTH_MIN_MS = 28 * 24 * 60 * 60 * 1000;
const MONTH_MAX_MS = 31 * 24 * 60 * 60 * 1000;

async function subscribed(fanMoney: string, priceCents: number) {
  const fan = await buildUser(t);
  await topUp(t, fan, fanMoney);
  const creator = await buildCreator(t, priceCents);
  const res = await subscribe(t, fan, creator);
  if (res.statusCode !== 201) throw new Error(`subscribe failed: ${res.body}`);
  return { fan, creator, id: res.json().id as number };
}

function renewalsOf(fan: TestUser) {
  return t.pool
    .query<{ amount_cents: string; fee_cents: string }>(
      `SELECT amount_cents, fee_cents FROM ledger_transactions WHERE kind = 'renewal' AND payer_id = $1`,
      [fan.id],
    )
    .then((result) => result.rows.map((row) => [Number(row.amount_cents), Number(row.fee_cents)]));
}

const cancel = (fan: TestUser, id: number) =>
  pay(t, fan, `/api/auth/subscriptions/${id}/cancel/`, {}, null);

describe('renewDue', () => {
  it('charges a due subscription its agreed price and extends it a month', async () => {
    const { fan, creator, id } = await subscribed('20', 499);
    await makeDue(t, id);
    const periodEnd = (await subscriptionRow(t, id)).current_period_end;
    const revenue = await platformBalance(t, 'platform_revenue');

    await renewAllDue(t);

    expect(await renewalsOf(fan)).toEqual([[499, 50]]);
    expect(await balance(t, fan)).toBe(2000 - 2 * 499);
    expect(await balance(t, creator, 'earnings')).toBe(2 * 449);
    expect(await platformBalance(t, 'platform_revenue')).toBe(revenue + 50);
    const row = await subscriptionRow(t, id);
    expect(row.status).toBe('active');
    expect(row.price_cents).toBe(499);
    const extended = row.current_period_end.getTime() - periodEnd.getTime();
    expect(extended).toBeGreaterThanOrEqual(MONTH_MIN_MS);
    expect(extended).toBeLessThanOrEqual(MONTH_MAX_MS);

    const [active] = (await get(t, fan, '/api/auth/subscriptions/active/')).json();
    expect(active).toMatchObject({ id, price: '4.99', price_cents: 499, status: 'active' });
    expect(active.next_billing).toBe(row.current_period_end.toISOString());
    const line = (await get(t, fan, '/api/wallet/transactions/')).json()[0];
    expect(line).toMatchObject({
      kind: 'renewal',
      description: 'Subscription renewal',
      amount_cents: 499,
      fee_cents: 50,
      creator_cents: 449,
      net_cents: -499,
      reference: { subscription_id: id },
    });
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('charges nothing for subscriptions not yet due, and nothing twice', async () => {
    const { fan, id } = await subscribed('20', 499);
    const other = await subscribed('20', 499);
    await makeDue(t, id);
    await renewAllDue(t);
    await renewAllDue(t);
    expect(await renewalsOf(fan)).toEqual([[499, 50]]);
    expect(await renewalsOf(other.fan)).toEqual([]);
    expect(await balance(t, other.fan)).toBe(2000 - 499);
  });

  it('charges once when several renewal runs overlap', async () => {
    const { fan, id } = await subscribed('20', 499);
    await makeDue(t, id);
    await Promise.all(
      Array.from({ length: 5 }, () => t.services.subscriptions.renewDue(new Date())),
    );
    await renewAllDue(t);
    expect(await renewalsOf(fan)).toEqual([[499, 50]]);
    expect(await balance(t, fan)).toBe(2000 - 2 * 499);
    expect((await subscriptionRow(t, id)).current_period_end.getTime()).toBeGreaterThan(Date.now());
  });

  it('expires a subscription the wallet cannot cover and tells the fan; others still renew', async () => {
    const short = await subscribed('5', 499); // 1 cent left
    const fine = await subscribed('10', 499);
    await makeDue(t, short.id);
    await makeDue(t, fine.id);
    const periodEnd = (await subscriptionRow(t, short.id)).current_period_end;
    const creatorEarnings = await balance(t, short.creator, 'earnings');

    await renewAllDue(t);

    const row = await subscriptionRow(t, short.id);
    expect(row.status).toBe('expired');
    expect(row.expired_at?.toISOString()).toBe(periodEnd.toISOString());
    expect(await balance(t, short.fan)).toBe(1);
    expect(await balance(t, short.creator, 'earnings')).toBe(creatorEarnings);
    expect(await renewalsOf(short.fan)).toEqual([]);
    expect(await renewalsOf(fine.fan)).toEqual([[499, 50]]);

    expect((await get(t, short.fan, '/api/auth/subscriptions/active/')).json()).toEqual([]);
    const [expired] = (await get(t, short.fan, '/api/auth/subscriptions/expired/')).json();
    expect(expired).toMatchObject({
      id: short.id,
      status: 'expired',
      next_billing: null,
      active_until: null,
      expired_on: periodEnd.toISOString(),
    });

    const notes = (await get(t, short.fan, '/api/notifications/')).json();
    expect(notes).toEqual([
      expect.objectContaining({
        notification_type: 'subscription',
        title: 'Subscription expired',
        message: `Your subscription to ${short.creator.username} expired: your wallet did not cover $4.99. Top up and subscribe again.`,
        is_read: false,
        kind: 'subscription_expired',
        data: {
          creator_id: short.creator.id,
          creator_username: short.creator.username,
          subscription_id: short.id,
          price_cents: 499,
          currency: 'USD',
        },
      }),
    ]);
    expect(
      (await get(t, fine.fan, '/api/notifications/')).json().map((n: { title: string }) => n.title),
    ).not.toContain('Subscription expired');

    // Topping up and subscribing again starts a new subscription.
    await topUp(t, short.fan, '10');
    const again = await subscribe(t, short.fan, short.creator);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(short.id);
    expect(await balance(t, short.fan)).toBe(1 + 1000 - 499);
    expect(await ledgerViolations(t)).toEqual([]);
  });
});

describe('a creator changing the monthly price', () => {
  async function setPriceThroughProfile(
    creator: TestUser,
    price: Parameters<typeof changePrice>[2],
  ) {
    expect((await changePrice(t, creator, price)).statusCode).toBe(200);
  }

  const raisedNotices = async (fan: TestUser) =>
    (await get(t, fan, '/api/notifications/'))
      .json()
      .filter((n: { title: string }) => n.title === 'Subscription price raised');

  it('renews running subscriptions at the agreed price after a raise, and tells their fans at once', async () => {
    const { fan, creator, id } = await subscribed('20', 499);
    const leaving = await buildUser(t);
    await topUp(t, leaving, '10');
    const leavingId = (await subscribe(t, leaving, creator)).json().id as number;
    expect((await cancel(leaving, leavingId)).statusCode).toBe(200);

    await setPriceThroughProfile(creator, '9.99');

    expect(await raisedNotices(fan)).toEqual([
      expect.objectContaining({
        notification_type: 'subscription',
        message: `${creator.username} raised the monthly price to $9.99. Your subscription keeps renewing at $4.99; the new price applies only if you subscribe again.`,
        is_read: false,
        kind: 'price_raised',
        data: {
          creator_id: creator.id,
          creator_username: creator.username,
          subscription_id: id,
          price_cents: 499,
          new_price_cents: 999,
          currency: 'USD',
        },
      }),
    ]);
    // A subscription ending at the end of its period renews at no price: nothing to tell.
    expect(await raisedNotices(leaving)).toEqual([]);

    await makeDue(t, id);
    await renewAllDue(t);
    expect(await renewalsOf(fan)).toEqual([[499, 50]]);
    expect(await balance(t, fan)).toBe(2000 - 2 * 499);
    expect((await subscriptionRow(t, id)).price_cents).toBe(499);
    const [active] = (await get(t, fan, '/api/auth/subscriptions/active/')).json();
    expect(active).toMatchObject({ id, price: '4.99', price_cents: 499 });

    // A new subscriber pays the new price.
    const newcomer = await buildUser(t);
    await topUp(t, newcomer, '20');
    expect((await subscribe(t, newcomer, creator)).json()).toMatchObject({ price_cents: 999 });
    expect(await balance(t, newcomer)).toBe(2000 - 999);
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('keeps renewing at the agreed price a wallet covers, even below the new price', async () => {
    const { fan, creator, id } = await subscribed('10', 499); // 501 left
    await setPriceThroughProfile(creator, '9.99');
    await makeDue(t, id);
    await renewAllDue(t);
    expect((await subscriptionRow(t, id)).status).toBe('active');
    expect(await balance(t, fan)).toBe(2);
  });

  it('lowers running subscriptions at once, and a later raise keeps the lower price', async () => {
    const { fan, creator, id } = await subscribed('30', 999);
    await setPriceThroughProfile(creator, '4.99');
    expect((await subscriptionRow(t, id)).price_cents).toBe(499);
    expect(await raisedNotices(fan)).toEqual([]);

    await setPriceThroughProfile(creator, '19.99');
    expect((await subscriptionRow(t, id)).price_cents).toBe(499);
    expect((await raisedNotices(fan)).map((n: { message: string }) => n.message)).toEqual([
      expect.stringContaining(
        'raised the monthly price to $19.99. Your subscription keeps renewing at $4.99',
      ),
    ]);

    await makeDue(t, id);
    await renewAllDue(t);
    expect(await renewalsOf(fan)).toEqual([[499, 50]]);
  });

  it('renews for free when the creator became free, without a ledger entry', async () => {
    const { fan, creator, id } = await subscribed('10', 499);
    await setPriceThroughProfile(creator, 'free');
    expect((await subscriptionRow(t, id)).price_cents).toBe(0);
    await makeDue(t, id);
    const before = await moneySnapshot(t);
    await renewAllDue(t);
    const row = await subscriptionRow(t, id);
    expect(row.status).toBe('active');
    expect(row.price_cents).toBe(0);
    expect(row.current_period_end.getTime()).toBeGreaterThan(Date.now());
    expect((await moneySnapshot(t)).entries).toBe(before.entries);
    expect(await balance(t, fan)).toBe(501);
  });
});

describe('cancel, then the end of the period', () => {
  it('stays active and visible until the period ends, then expires without a charge', async () => {
    const { fan, creator, id } = await subscribed('20', 499);
    expect((await cancel(fan, id)).statusCode).toBe(200);

    // Before the period ends the job leaves it alone and the fan keeps access.
    await renewAllDue(t);
    let row = await subscriptionRow(t, id);
    expect(row.status).toBe('active');
    expect(row.cancel_at_period_end).toBe(true);
    const profile = (await get(t, fan, `/api/auth/users/${creator.id}/`)).json();
    expect(profile).toMatchObject({ is_subscribed: true, subscription_id: id });

    await makeDue(t, id);
    const periodEnd = (await subscriptionRow(t, id)).current_period_end;
    const before = await moneySnapshot(t);
    await renewAllDue(t);

    row = await subscriptionRow(t, id);
    expect(row.status).toBe('expired');
    expect(row.expired_at?.toISOString()).toBe(periodEnd.toISOString());
    expect(await moneySnapshot(t)).toEqual(before);
    expect(await renewalsOf(fan)).toEqual([]);
    expect(await balance(t, fan)).toBe(1501);
    expect((await get(t, fan, '/api/auth/subscriptions/active/')).json()).toEqual([]);
    expect((await get(t, fan, '/api/auth/subscriptions/expired/')).json()).toEqual([
      expect.objectContaining({ id, status: 'expired', cancel_at_period_end: true }),
    ]);
    const after = (await get(t, fan, `/api/auth/users/${creator.id}/`)).json();
    expect(after).toMatchObject({ is_subscribed: false, subscription_id: null });
    // A cancelled expiry is the fan's own choice: no "expired" notice.
    const titles = (await get(t, fan, '/api/notifications/'))
      .json()
      .map((n: { title: string }) => n.title);
    expect(titles).not.toContain('Subscription expired');
    // An expired subscription can no longer be cancelled.
    expect((await cancel(fan, id)).statusCode).toBe(404);
  });
});
