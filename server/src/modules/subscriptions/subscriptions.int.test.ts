import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  balance,
  buildCreator,
  get,
  ledgerViolations,
  moneySnapshot,
  newKey,
  pay,
  platformBalance,
  subscribe,
  topUp,
} from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { png, uploadFile } from '../../../test/media.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function fanWith(amount: string): Promise<TestUser> {
  const fan = await buildUser(t);
  await topUp(t, fan, amount);
  return fan;
}

const isoDate = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const DAY_MS = 24 * 60 * 60 * 1000;

describe('POST /api/auth/subscriptions/', () => {
  it('charges the creator’s price, splits it 90/10 and answers the subscription', async () => {
    const fan = await fanWith('10');
    const creator = await buildCreator(t, 499);
    const revenue = await platformBalance(t, 'platform_revenue');
    const res = await subscribe(t, fan, creator);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      creator_id: creator.id,
      creator_details: { id: creator.id, username: creator.username, profile_image: null },
      price: '4.99',
      price_cents: 499,
      status: 'active',
      period_months: 1,
      is_trial: false,
      cancel_at_period_end: false,
      next_billing: isoDate,
      active_until: isoDate,
      expired_on: null,
      created_at: isoDate,
    });
    // One month ahead.
    const days = (Date.parse(body.next_billing) - Date.parse(body.created_at)) / DAY_MS;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect(await balance(t, fan)).toBe(501);
    expect(await balance(t, creator, 'earnings')).toBe(449);
    expect(await platformBalance(t, 'platform_revenue')).toBe(revenue + 50);

    const line = (await get(t, fan, '/api/wallet/transactions/')).json()[0];
    expect(line).toMatchObject({
      kind: 'subscription',
      description: 'Subscription',
      amount_cents: 499,
      fee_cents: 50,
      creator_cents: 449,
      net_cents: -499,
      counterparty: creator.username,
      reference: { subscription_id: body.id },
    });
    const creatorLine = (await get(t, creator, '/api/wallet/transactions/')).json()[0];
    expect(creatorLine).toMatchObject({
      direction: 'in',
      net_cents: 449,
      counterparty: fan.username,
    });

    expect((await get(t, fan, '/api/auth/subscriptions/active/')).json()).toEqual([body]);
    expect((await get(t, fan, '/api/auth/subscriptions/expired/')).json()).toEqual([]);
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('subscribes to a free creator without charging, even with an empty wallet', async () => {
    const fan = await buildUser(t);
    const creator = await buildCreator(t, 0);
    const before = await moneySnapshot(t);
    const res = await subscribe(t, fan, creator);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ price: 'free', price_cents: 0, status: 'active' });
    const after = await moneySnapshot(t);
    expect(after.entries).toBe(before.entries);
    expect(after.balances).toEqual(before.balances);
  });

  it('refuses a second subscription to the same creator and charges nothing', async () => {
    const fan = await fanWith('20');
    const creator = await buildCreator(t, 499);
    expect((await subscribe(t, fan, creator)).statusCode).toBe(201);
    const before = await moneySnapshot(t);
    const res = await subscribe(t, fan, creator);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'You are already subscribed to this creator.' });
    expect(await moneySnapshot(t)).toEqual(before);
    expect((await get(t, fan, '/api/auth/subscriptions/active/')).json()).toHaveLength(1);
  });

  it('refuses with 402 when the wallet is short, and creates nothing', async () => {
    const fan = await fanWith('4.98');
    const creator = await buildCreator(t, 499);
    const before = await moneySnapshot(t);
    const res = await subscribe(t, fan, creator);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      detail: 'Insufficient funds. Top up your wallet and try again.',
    });
    expect(await moneySnapshot(t)).toEqual(before);
    expect((await get(t, fan, '/api/auth/subscriptions/active/')).json()).toEqual([]);
    const { rows } = await t.pool.query('SELECT 1 FROM subscriptions WHERE fan_id = $1', [fan.id]);
    expect(rows).toEqual([]);
  });

  it('refuses an unknown creator and a user who is not a creator with 404', async () => {
    const fan = await fanWith('20');
    const before = await moneySnapshot(t);
    for (const target of [{ id: 999_999 }, await buildUser(t)]) {
      const res = await subscribe(t, fan, target);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Creator not found.' });
    }
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('refuses a subscription to oneself', async () => {
    const creator = await buildCreator(t, 499);
    await topUp(t, creator, '10');
    const before = await moneySnapshot(t);
    const res = await subscribe(t, creator, creator);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'You cannot subscribe to yourself.' });
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('refuses a missing or malformed creator id', async () => {
    const fan = await fanWith('20');
    for (const creatorId of [undefined, 'someone', 0, -3]) {
      const res = await pay(t, fan, '/api/auth/subscriptions/', { creator_id: creatorId });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json<{ fields: object }>().fields)).toEqual(['creator_id']);
    }
    const missing = await pay(t, fan, '/api/auth/subscriptions/', {});
    expect(missing.json()).toMatchObject({ creator_id: ['Choose a creator to subscribe to.'] });
    const text = await pay(t, fan, '/api/auth/subscriptions/', { creator_id: 'x' });
    expect(text.json()).toMatchObject({
      creator_id: ['creator_id must be an id: a whole number above 0.'],
    });
    expect(await balance(t, fan)).toBe(2000);
  });

  it('requires an Idempotency-Key and answers a retry with the first answer', async () => {
    const fan = await fanWith('20');
    const creator = await buildCreator(t, 999);
    const none = await subscribe(t, fan, creator, null);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      error: 'An Idempotency-Key header is required for payments.',
    });
    expect(await balance(t, fan)).toBe(2000);

    const key = newKey();
    const first = await subscribe(t, fan, creator, key);
    const retry = await subscribe(t, fan, creator, key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await balance(t, fan)).toBe(1001);

    const other = await buildCreator(t, 499);
    const changed = await subscribe(t, fan, other, key);
    expect(changed.statusCode).toBe(422);
    expect(await balance(t, fan)).toBe(1001);
  });

  it('requires auth', async () => {
    const creator = await buildCreator(t);
    const before = await moneySnapshot(t);
    const res = await pay(t, undefined, '/api/auth/subscriptions/', { creator_id: creator.id });
    expect(res.statusCode).toBe(401);
    expect(await moneySnapshot(t)).toEqual(before);
    for (const url of ['/api/auth/subscriptions/active/', '/api/auth/subscriptions/expired/']) {
      expect((await get(t, undefined, url)).statusCode).toBe(401);
    }
    const cancel = await pay(t, undefined, '/api/auth/subscriptions/1/cancel/', {}, null);
    expect(cancel.statusCode).toBe(401);
  });

  it('20 parallel subscribe requests with different keys: one subscription, one charge', async () => {
    const fan = await fanWith('50');
    const creator = await buildCreator(t, 999);
    const answers = await Promise.all(Array.from({ length: 20 }, () => subscribe(t, fan, creator)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(refused).toHaveLength(19);
    for (const res of refused) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'You are already subscribed to this creator.' });
    }
    const { rows } = await t.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM subscriptions WHERE fan_id = $1',
      [fan.id],
    );
    expect(rows[0]?.n).toBe(1);
    expect(await balance(t, fan)).toBe(5000 - 999);
    expect(await balance(t, creator, 'earnings')).toBe(899);
    expect(await ledgerViolations(t)).toEqual([]);
  });
});

describe('POST /api/auth/subscriptions/{id}/cancel/', () => {
  it('keeps the subscription active to the end of the paid period, without a next billing', async () => {
    const fan = await fanWith('10');
    const creator = await buildCreator(t, 499);
    const sub = (await subscribe(t, fan, creator)).json();
    const before = await moneySnapshot(t);
    const res = await pay(t, fan, `/api/auth/subscriptions/${sub.id}/cancel/`, {}, null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...sub,
      cancel_at_period_end: true,
      next_billing: null,
      active_until: sub.active_until,
    });
    expect((await get(t, fan, '/api/auth/subscriptions/active/')).json()).toEqual([res.json()]);
    // Cancelling refunds nothing and charges nothing.
    expect(await moneySnapshot(t)).toEqual(before);
    // Cancelling again is harmless.
    const again = await pay(t, fan, `/api/auth/subscriptions/${sub.id}/cancel/`, {}, null);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
  });

  it("answers 404 for another user's subscription and for an unknown id", async () => {
    const fan = await fanWith('10');
    const creator = await buildCreator(t, 499);
    const sub = (await subscribe(t, fan, creator)).json();
    for (const user of [await buildUser(t), creator]) {
      const res = await pay(t, user, `/api/auth/subscriptions/${sub.id}/cancel/`, {}, null);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Subscription not found.' });
    }
    const unknown = await pay(t, fan, '/api/auth/subscriptions/999999/cancel/', {}, null);
    expect(unknown.statusCode).toBe(404);
    expect((await get(t, fan, '/api/auth/subscriptions/active/')).json()[0]).toMatchObject({
      cancel_at_period_end: false,
    });
  });

  it('rejects a malformed id', async () => {
    const fan = await buildUser(t);
    const res = await pay(t, fan, '/api/auth/subscriptions/abc/cancel/', {}, null);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: ['Not a valid subscription id.'] });
  });
});

describe('subscription lists', () => {
  it('show only the fan’s own subscriptions, newest first', async () => {
    const fan = await fanWith('30');
    const [a, b] = [await buildCreator(t, 499), await buildCreator(t, 999)];
    const first = (await subscribe(t, fan, a)).json();
    const second = (await subscribe(t, fan, b)).json();
    const active = (await get(t, fan, '/api/auth/subscriptions/active/')).json();
    expect(active.map((s: { id: number }) => s.id)).toEqual([second.id, first.id]);
    expect((await get(t, a, '/api/auth/subscriptions/active/')).json()).toEqual([]);
    expect((await get(t, await buildUser(t), '/api/auth/subscriptions/active/')).json()).toEqual(
      [],
    );
  });

  it('show the creator’s profile image as a signed media URL', async () => {
    const fan = await fanWith('10');
    const creator = await buildCreator(t, 499);
    const upload = await uploadFile(t, creator, { content: await png(), context: 'profile_image' });
    const imageId = upload.json().id as string;
    const res = await t.request({
      method: 'PUT',
      url: '/api/auth/profile/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ profile_image_uuid: imageId }),
      token: creator.access,
    });
    expect(res.statusCode).toBe(200);
    const sub = (await subscribe(t, fan, creator)).json();
    expect(sub.creator_details.profile_image).toMatch(
      new RegExp(`^/media/${imageId}/\\w+\\?exp=\\d+&sig=[\\w-]+$`),
    );
    const [listed] = (await get(t, fan, '/api/auth/subscriptions/active/')).json();
    expect(listed.creator_details.profile_image).toMatch(new RegExp(`^/media/${imageId}/`));
  });
});
