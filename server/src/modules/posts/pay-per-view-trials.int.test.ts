import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { balance, topUp } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { claim, createOffer } from '../../../test/offers.ts';
import { expectClosed, payPerViewKit } from './pay-per-view-test-kit.ts';

/**
 * A subscriber price is for paying subscribers: a fan on a free trial pays what anyone who does
 * not subscribe pays, and opens nothing "free to subscribers" until the trial converts.
 */
let t: TestApp;
let creator: TestUser;
let trialFan: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  creator = await buildUser(t, { isCreator: true });
  await t.pool.query('UPDATE users SET subscription_price_cents = 499 WHERE id = $1', [creator.id]);
  trialFan = await buildUser(t);
  await topUp(t, trialFan, '50');
  const offer = await createOffer(t, creator, { kind: 'trial', trial_days: 7, claim_limit: 10 });
  expect((await claim(t, trialFan, offer.code)).statusCode).toBe(201);
});
afterAll(() => t.close());

const { postForSale, purchase, postAs, purchaseTransactions } = payPerViewKit(() => t);

async function postPage(user: TestUser, postId: number) {
  const res = await t.request({ method: 'GET', url: `/api/posts/${postId}/`, token: user.access });
  expect(res.statusCode).toBe(200);
  return res.json<Record<string, unknown>>();
}

describe('a fan on a free trial', () => {
  it('is shown and charged the full price of a $20 post discounted to $1 for subscribers', async () => {
    const sale = await postForSale(creator, { price_cents: '2000', subscriber_price_cents: '100' });
    expect(await postAs(trialFan, creator, sale.post.id)).toMatchObject({
      price: 20,
      subscriber_price: 1,
      price_for_viewer: 20,
    });
    expect(await postPage(trialFan, sale.post.id)).toMatchObject({ price_for_viewer: 20 });

    const before = await balance(t, trialFan);
    expect((await purchase(trialFan, sale.post.id)).statusCode).toBe(200);
    expect(await balance(t, trialFan)).toBe(before - 2000);
    expect(await purchaseTransactions(sale.post.id)).toEqual([
      { payer_id: trialFan.id, payee_id: creator.id, amount_cents: 2000, fee_cents: 200 },
    ]);
  });

  it('does not open a post free to subscribers', async () => {
    const free = await postForSale(creator, { price_cents: '800', subscriber_price_cents: '0' });
    const closed = await postAs(trialFan, creator, free.post.id);
    expectClosed(closed, free.content, free.uploadId);
    expect(closed.price_for_viewer).toBe(8);
    expect(await postPage(trialFan, free.post.id)).toMatchObject({
      content: '',
      price_for_viewer: 8,
    });
  });

  it('gets the subscriber price once the trial has converted into a paid subscription', async () => {
    const fan = await buildUser(t);
    await topUp(t, fan, '50');
    const offer = await createOffer(t, creator, { kind: 'trial', trial_days: 7, claim_limit: 1 });
    expect((await claim(t, fan, offer.code)).statusCode).toBe(201);
    const sale = await postForSale(creator, { price_cents: '2000', subscriber_price_cents: '100' });
    expect((await postAs(fan, creator, sale.post.id)).price_for_viewer).toBe(20);
    await t.pool.query('UPDATE subscriptions SET is_trial = false WHERE fan_id = $1', [fan.id]);
    expect((await postAs(fan, creator, sale.post.id)).price_for_viewer).toBe(1);
    expect(await postPage(fan, sale.post.id)).toMatchObject({ price_for_viewer: 1 });
  });
});
