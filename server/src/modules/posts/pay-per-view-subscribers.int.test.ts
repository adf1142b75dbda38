import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { balance, subscribe, topUp } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { getMedia, mp4, waitForVariants } from '../../../test/media.ts';
import { multipart } from '../../../test/multipart.ts';
import { videoIdOfPost } from '../../../test/renditions.ts';
import { waitForVideo } from '../../../test/video.ts';
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

const { postForSale, purchase, postAs, purchaseTransactions, purchaseRows } = payPerViewKit(
  () => t,
);

describe('subscribers', () => {
  let creator: TestUser;
  let subscriber: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    creator = await buildUser(t, { isCreator: true });
    await t.pool.query('UPDATE users SET subscription_price_cents = 499 WHERE id = $1', [
      creator.id,
    ]);
    subscriber = await buildUser(t);
    stranger = await buildUser(t);
    await topUp(t, subscriber, '50');
    await topUp(t, stranger, '50');
    expect((await subscribe(t, subscriber, creator)).statusCode).toBe(201);
  });

  it('open a post free to subscribers without buying it; others pay the full price', async () => {
    const sale = await postForSale(creator, { price_cents: '1000', subscriber_price_cents: '0' });
    const seen = await postAs(subscriber, creator, sale.post.id);
    expect(seen).toMatchObject({
      content: sale.content,
      price: 10,
      subscriber_price: 0,
      price_for_viewer: null,
      is_purchased: false,
      preview: null,
    });
    const before = await balance(t, subscriber);
    const res = await purchase(subscriber, sale.post.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ content: sale.content });
    expect(await balance(t, subscriber)).toBe(before);
    expect(await purchaseRows(sale.post.id)).toBe(0);

    // A paid creator's post for sale is sold to non-subscribers, at the full price.
    const closed = await postAs(stranger, creator, sale.post.id);
    expectClosed(closed, sale.content, sale.uploadId);
    expect(closed).toMatchObject({ price_for_viewer: 10, requires_subscription: false });
    const bought = await purchase(stranger, sale.post.id);
    expect(bought.statusCode).toBe(200);
    expect(await purchaseTransactions(sale.post.id)).toEqual([
      { payer_id: stranger.id, payee_id: creator.id, amount_cents: 1000, fee_cents: 100 },
    ]);
  });

  it('pay the discounted price, and keep the post after the subscription ends', async () => {
    const sale = await postForSale(creator, { price_cents: '1000', subscriber_price_cents: '300' });
    expect(await postAs(subscriber, creator, sale.post.id)).toMatchObject({
      price_for_viewer: 3,
      content: '',
    });
    const before = await balance(t, subscriber);
    expect((await purchase(subscriber, sale.post.id)).statusCode).toBe(200);
    expect(await balance(t, subscriber)).toBe(before - 300);
    expect(await purchaseTransactions(sale.post.id)).toEqual([
      { payer_id: subscriber.id, payee_id: creator.id, amount_cents: 300, fee_cents: 30 },
    ]);

    const free = await postForSale(creator, { price_cents: '800', subscriber_price_cents: '0' });
    await t.pool.query(
      `UPDATE subscriptions SET status = 'expired', expired_at = now() WHERE fan_id = $1`,
      [subscriber.id],
    );
    // Bought: kept. Free while subscribed: closed again, at the full price.
    expect(await postAs(subscriber, creator, sale.post.id)).toMatchObject({
      content: sale.content,
      is_purchased: true,
    });
    const closed = await postAs(subscriber, creator, free.post.id);
    expectClosed(closed, free.content, free.uploadId);
    expect(closed.price_for_viewer).toBe(8);
  });
});

describe('a post with a password and a price', () => {
  it('opens by either', async () => {
    const creator = await buildUser(t, { isCreator: true });
    const [byPassword, buyer] = [await buildUser(t), await buildUser(t)];
    await topUp(t, buyer, '10');
    const sale = await postForSale(creator, {
      price_cents: '500',
      is_locked: 'true',
      password: 'post-password',
    });
    expectClosed(await postAs(byPassword, creator, sale.post.id), sale.content, sale.uploadId);

    const unlocked = await t.request({
      method: 'POST',
      url: `/api/posts/${sale.post.id}/unlock/`,
      payload: { password: 'post-password' },
      token: byPassword.access,
    });
    expect(unlocked.statusCode).toBe(200);
    expect(await postAs(byPassword, creator, sale.post.id)).toMatchObject({
      content: sale.content,
      is_unlocked: true,
      price_for_viewer: null,
      preview: null,
    });
    // Already open: buying charges nothing.
    expect((await purchase(byPassword, sale.post.id)).statusCode).toBe(200);
    expect(await purchaseRows(sale.post.id)).toBe(0);

    expect((await purchase(buyer, sale.post.id)).statusCode).toBe(200);
    expect(await postAs(buyer, creator, sale.post.id)).toMatchObject({
      content: sale.content,
      is_purchased: true,
    });
    expect(await balance(t, buyer)).toBe(500);
  });

  it('a wrong password opens nothing', async () => {
    const creator = await buildUser(t, { isCreator: true });
    const viewer = await buildUser(t);
    const sale = await postForSale(creator, {
      price_cents: '500',
      is_locked: 'true',
      password: 'post-password',
    });
    const res = await t.request({
      method: 'POST',
      url: `/api/posts/${sale.post.id}/unlock/`,
      payload: { password: 'wrong-password' },
      token: viewer.access,
    });
    expect(res.statusCode).toBe(400);
    expectClosed(await postAs(viewer, creator, sale.post.id), sale.content, sale.uploadId);
  });
});

describe('a video for sale', () => {
  it("shows others only its poster's blurred preview, and the buyer the video", async () => {
    const creator = await buildUser(t, { isCreator: true });
    const [viewer, buyer] = [await buildUser(t), await buildUser(t)];
    await topUp(t, buyer, '10');
    const content = `secret video ${Math.random().toString(36).slice(2)}`;
    const body = multipart({
      fields: { content, media_type: 'video', price_cents: '400' },
      files: [{ name: 'media', filename: 'clip.mp4', content: await mp4(3), type: 'video/mp4' }],
    });
    const res = await t.request({
      method: 'POST',
      url: '/api/posts/',
      ...body,
      token: creator.access,
    });
    expect(res.statusCode).toBe(201);
    const postId = res.json<PostJson>().id;
    const videoId = await videoIdOfPost(t, postId);
    expect(await waitForVideo(t, videoId)).toMatchObject({ videoState: 'ready' });
    await waitForVariants(t, videoId, ['poster', 'blur']);

    const closed = await postAs(viewer, creator, postId);
    expectClosed(closed, content, videoId);
    expect(closed).toMatchObject({ type: 'post', price_for_viewer: 4 });
    const preview = await getMedia(t, String(closed.preview));
    expect(preview.statusCode).toBe(200);
    expect((await sharp(preview.rawPayload).metadata()).width).toBe(32);

    expect((await purchase(buyer, postId)).statusCode).toBe(200);
    const bought = await postAs(buyer, creator, postId);
    expect(bought).toMatchObject({ content, type: 'video', is_purchased: true, preview: null });
    expect(bought.video_hls_url).toMatch(new RegExp(`^/media/${videoId}/hls/master\\.m3u8\\?`));
    expect((await getMedia(t, String(bought.poster_url))).statusCode).toBe(200);
  });
});
