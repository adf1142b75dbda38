import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  balance,
  get,
  ledgerViolations,
  newKey,
  pay,
  platformBalance,
  topUp,
} from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { getMedia } from '../../../test/media.ts';
import { type PostJson, expectClosed, payPerViewKit } from './pay-per-view-test-kit.ts';

/**
 * Pay-per-view posts: creators set a price, anyone who may see the author's profile buys the
 * post once from their wallet (subscribers free or at a discount when the creator says so), and
 * until then sees only a tiny blurred preview: no text, no URL of the file.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { createPostRequest, postForSale, purchase, postAs, purchaseTransactions, purchaseRows } =
  payPerViewKit(() => t);

describe('creating a post for sale', () => {
  it('stores the price and the subscriber price and shows them to the author with the content', async () => {
    const creator = await buildUser(t, { isCreator: true });
    const res = await createPostRequest(creator, {
      content: 'for sale',
      price_cents: '750',
      subscriber_price_cents: '0',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      content: 'for sale',
      price: 7.5,
      subscriber_price: 0,
      price_for_viewer: null,
      is_purchased: false,
      preview: null,
    });
  });

  it('refuses a price from someone who is not a creator', async () => {
    const fan = await buildUser(t);
    const res = await createPostRequest(fan, { price_cents: '500' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      price_cents: ['Only creators can sell posts. Become a creator to set a price.'],
    });
  });

  it.each([
    [{ price_cents: 'abc' }, { price_cents: ['price_cents must be a whole number of cents.'] }],
    [{ price_cents: '7.50' }, { price_cents: ['price_cents must be a whole number of cents.'] }],
    [{ price_cents: '-100' }, { price_cents: ['price_cents must be a whole number of cents.'] }],
    [{ price_cents: '' }, { price_cents: ['price_cents must be a whole number of cents.'] }],
    [{ price_cents: '1e3' }, { price_cents: ['price_cents must be a whole number of cents.'] }],
    [{ price_cents: '0' }, { price_cents: ['The price must be between $1.00 and $1000.00.'] }],
    [{ price_cents: '99' }, { price_cents: ['The price must be between $1.00 and $1000.00.'] }],
    [{ price_cents: '100001' }, { price_cents: ['The price must be between $1.00 and $1000.00.'] }],
    [
      { subscriber_price_cents: '100' },
      { subscriber_price_cents: ['Set a price before a price for subscribers.'] },
    ],
    [
      { price_cents: '500', subscriber_price_cents: '500' },
      {
        subscriber_price_cents: [
          'The subscriber price must be 0 (free), or at least $1.00 and less than the price.',
        ],
      },
    ],
    [
      { price_cents: '500', subscriber_price_cents: '50' },
      {
        subscriber_price_cents: [
          'The subscriber price must be 0 (free), or at least $1.00 and less than the price.',
        ],
      },
    ],
    [
      { price_cents: '500', subscriber_price_cents: 'free' },
      { subscriber_price_cents: ['subscriber_price_cents must be a whole number of cents.'] },
    ],
  ])('answers 400 for %j', async (fields, errors) => {
    const creator = await buildUser(t, { isCreator: true });
    const res = await createPostRequest(creator, fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(errors);
    const { rows } = await t.pool.query('SELECT 1 FROM posts WHERE author_id = $1', [creator.id]);
    expect(rows).toHaveLength(0);
  });
});

describe('buying a post', () => {
  let creator: TestUser;
  let fan: TestUser;
  let other: TestUser;
  let sale: Awaited<ReturnType<typeof postForSale>>;

  beforeAll(async () => {
    creator = await buildUser(t, { isCreator: true });
    fan = await buildUser(t);
    other = await buildUser(t);
    await topUp(t, fan, '50');
    sale = await postForSale(creator, { price_cents: '750' });
  });

  it('shows others only the price and a tiny blurred preview, served through its signed URL', async () => {
    const seen = await postAs(other, creator, sale.post.id);
    expectClosed(seen, sale.content, sale.uploadId);
    expect(seen).toMatchObject({ price: 7.5, price_for_viewer: 7.5, is_purchased: false });
    expect(seen.requires_subscription).toBe(false);

    const feed = await get(t, other, '/api/posts/?source=all');
    const inFeed = feed.json<PostJson[]>().find((post) => post.id === sale.post.id);
    expectClosed(inFeed!, sale.content, sale.uploadId);

    const preview = await getMedia(t, String(seen.preview));
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    const meta = await sharp(preview.rawPayload).metadata();
    expect(meta.width).toBe(32);

    // The signature is per variant: the preview's URL opens nothing else of the file.
    for (const variant of ['original', 'feed', 'thumb']) {
      const forged = String(seen.preview).replace('/blur?', `/${variant}?`);
      expect((await getMedia(t, forged)).statusCode).toBe(404);
    }
  });

  it('charges once under 50 parallel purchases, splits the fee and opens the post', async () => {
    const walletBefore = await balance(t, fan);
    const earningsBefore = await balance(t, creator, 'earnings');
    const revenueBefore = await platformBalance(t, 'platform_revenue');

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => purchase(fan, sale.post.id)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    for (const res of answers) {
      expect(res.json()).toMatchObject({
        id: sale.post.id,
        content: sale.content,
        image: expect.stringMatching(new RegExp(`^/media/${sale.uploadId}/feed\\?`)),
        is_purchased: true,
        price_for_viewer: null,
        preview: null,
      });
    }

    expect(await purchaseTransactions(sale.post.id)).toEqual([
      { payer_id: fan.id, payee_id: creator.id, amount_cents: 750, fee_cents: 75 },
    ]);
    expect(await purchaseRows(sale.post.id)).toBe(1);
    expect(await balance(t, fan)).toBe(walletBefore - 750);
    expect(await balance(t, creator, 'earnings')).toBe(earningsBefore + 675);
    expect(await platformBalance(t, 'platform_revenue')).toBe(revenueBefore + 75);
    expect(await ledgerViolations(t)).toEqual([]);

    // The buyer's media URLs serve the file.
    const bought = await postAs(fan, creator, sale.post.id);
    expect(bought).toMatchObject({ content: sale.content, is_purchased: true });
    expect((await getMedia(t, String(bought.image))).statusCode).toBe(200);
    // The feeds' kept pages ask who bought what, too.
    const feed = await get(t, fan, '/api/posts/?source=all');
    expect(feed.json<PostJson[]>().find((post) => post.id === sale.post.id)).toMatchObject({
      content: sale.content,
      is_purchased: true,
    });
    // And others still see it closed.
    expectClosed(await postAs(other, creator, sale.post.id), sale.content, sale.uploadId);
  });

  it('shows on both statements and notifies the creator', async () => {
    const fanLines = (await get(t, fan, '/api/wallet/transactions/')).json<
      Record<string, unknown>[]
    >();
    expect(fanLines).toContainEqual(
      expect.objectContaining({
        kind: 'post_unlock',
        description: 'Unlocked post',
        direction: 'out',
        amount_cents: 750,
        fee_cents: 75,
        creator_cents: 675,
        net_cents: -750,
        counterparty: creator.username,
      }),
    );
    const creatorLines = (await get(t, creator, '/api/wallet/transactions/')).json<
      Record<string, unknown>[]
    >();
    expect(creatorLines).toContainEqual(
      expect.objectContaining({
        kind: 'post_unlock',
        description: 'Unlocked post',
        direction: 'in',
        net_cents: 675,
        counterparty: fan.username,
      }),
    );
    const { rows } = await t.pool.query<{ type: string; kind: string; data: object }>(
      `SELECT type, kind, data FROM notifications WHERE user_id = $1 AND data->>'post_id' = $2`,
      [creator.id, String(sale.post.id)],
    );
    expect(rows).toEqual([
      {
        type: 'unlock',
        kind: 'post_unlocked',
        data: {
          post_id: sale.post.id,
          sender_id: fan.id,
          sender_username: fan.username,
          amount_cents: 750,
          creator_cents: 675,
          currency: 'USD',
        },
      },
    ]);
  });

  it('answers a retry with the same key without charging again', async () => {
    const buyer = await buildUser(t);
    await topUp(t, buyer, '20');
    const key = newKey();
    const first = await purchase(buyer, sale.post.id, key);
    const again = await purchase(buyer, sale.post.id, key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toMatchObject({ content: sale.content, is_purchased: true });
    expect(await balance(t, buyer)).toBe(2000 - 750);
  });

  it('refuses with 402 when the wallet cannot pay, and charges nothing', async () => {
    const poor = await buildUser(t);
    await topUp(t, poor, '5');
    const res = await purchase(poor, sale.post.id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      detail: 'Insufficient funds. Top up your wallet and try again.',
    });
    expect(await balance(t, poor)).toBe(500);
    expectClosed(await postAs(poor, creator, sale.post.id), sale.content, sale.uploadId);
  });

  it('refuses your own post, a post not for sale, a post you cannot see and a missing key', async () => {
    const own = await purchase(creator, sale.post.id);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ error: 'You cannot buy your own post.' });

    const free = await createPostRequest(creator, { content: 'free to all' });
    const notForSale = await purchase(fan, free.json<PostJson>().id);
    expect(notForSale.statusCode).toBe(400);
    expect(notForSale.json()).toMatchObject({ error: 'This post is not for sale.' });

    const blocked = await buildUser(t);
    await topUp(t, blocked, '20');
    const block = await t.request({
      method: 'POST',
      url: `/api/auth/users/${blocked.id}/block/`,
      token: creator.access,
    });
    expect(block.statusCode).toBe(200);
    const hidden = await purchase(blocked, sale.post.id);
    expect(hidden.statusCode).toBe(404);
    expect(await balance(t, blocked)).toBe(2000);

    expect((await purchase(fan, 999_999_999)).statusCode).toBe(404);
    const badId = await pay(t, fan, '/api/posts/abc/purchase/', {});
    expect(badId.statusCode).toBe(400);
    const noKey = await purchase(other, sale.post.id, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({
      error: 'An Idempotency-Key header is required for payments.',
    });
    const anonymous = await t.request({
      method: 'POST',
      url: `/api/posts/${sale.post.id}/purchase/`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is not sold behind a locked profile the buyer has not opened', async () => {
    const lockedCreator = await buildUser(t, { isCreator: true });
    const { post } = await postForSale(lockedCreator, { price_cents: '300' });
    const res = await t.request({
      method: 'PUT',
      url: '/api/auth/profile/',
      payload: { is_profile_locked: true, profile_password: 'profile-password' },
      token: lockedCreator.access,
    });
    expect(res.statusCode).toBe(200);
    const refused = await purchase(fan, post.id);
    expect(refused.statusCode).toBe(404);
    expect(await purchaseRows(post.id)).toBe(0);
  });
});
