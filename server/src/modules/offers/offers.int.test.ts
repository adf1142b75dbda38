import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildCreator, get, moneySnapshot, subscribe, topUp } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { claim, claimsOf, createOffer, setBundles } from '../../../test/offers.ts';
import { FREE_CREATOR, NOT_A_CREATOR } from './service.ts';

/** The creator's offers and bundles API, and claiming a free-trial link. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (user: TestUser | undefined, url: string, payload?: Record<string, unknown>) =>
  t.request({ method: 'POST', url, payload, ...(user ? { token: user.access } : {}) });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('creator offers API', () => {
  it('requires a signed-in user on every creator route and the claim', async () => {
    for (const [method, url] of [
      ['GET', '/api/creator/offers/'],
      ['POST', '/api/creator/offers/'],
      ['POST', '/api/creator/offers/1/end/'],
      ['GET', '/api/creator/bundles/'],
      ['PUT', '/api/creator/bundles/'],
      ['POST', '/api/offers/abc/claim/'],
      ['GET', '/api/offers/for/1/'],
    ] as const) {
      const res = await t.request({ method, url, payload: { kind: 'trial' } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses a fan (403) and a free creator (400) with clear messages', async () => {
    const fan = await buildUser(t);
    const res = await post(fan, '/api/creator/offers/', { kind: 'trial', trial_days: 7 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: NOT_A_CREATOR });
    expect((await get(t, fan, '/api/creator/offers/')).statusCode).toBe(403);

    const free = await buildCreator(t, 0);
    const refused = await post(free, '/api/creator/offers/', {
      kind: 'discount',
      discount_percent: 50,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: FREE_CREATOR });
    const bundles = await t.request({
      method: 'PUT',
      url: '/api/creator/bundles/',
      token: free.access,
      payload: { bundles: [{ months: 3, discount_percent: 10 }] },
    });
    expect(bundles.statusCode).toBe(400);
    expect(bundles.json()).toMatchObject({ error: FREE_CREATOR });
  });

  it('validates the terms with messages that name the field', async () => {
    const creator = await buildCreator(t, 999);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { kind: 'trial', trial_days: 0 },
        'trial_days',
        'trial_days must be a whole number from 1 to 90.',
      ],
      [
        { kind: 'trial', trial_days: 91 },
        'trial_days',
        'trial_days must be a whole number from 1 to 90.',
      ],
      [
        { kind: 'trial', trial_days: '7' },
        'trial_days',
        'trial_days must be a whole number from 1 to 90.',
      ],
      [{ kind: 'trial' }, 'trial_days', 'A trial needs trial_days.'],
      [
        { kind: 'discount', discount_percent: 96 },
        'discount_percent',
        'discount_percent must be a whole number from 1 to 95.',
      ],
      [
        { kind: 'discount', discount_percent: 50, claim_limit: 0 },
        'claim_limit',
        'claim_limit must be a whole number from 1 to 1000000.',
      ],
      [
        { kind: 'trial', trial_days: 7, expires_at: inDays(-1) },
        'expires_at',
        'The expiry must be in the future.',
      ],
      [
        { kind: 'trial', trial_days: 7, audience: 'vip' },
        'audience',
        "audience must be 'new', 'returning' or 'everyone'.",
      ],
      [{ kind: 'gift' }, 'kind', "kind must be 'trial' or 'discount'."],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(creator, '/api/creator/offers/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()[field]).toContain(message);
    }
  });

  it('creates, lists and ends offers; another creator cannot end them', async () => {
    const creator = await buildCreator(t, 999);
    const trial = await createOffer(t, creator, { kind: 'trial', trial_days: 7, claim_limit: 10 });
    expect(trial).toMatchObject({
      kind: 'trial',
      trial_days: 7,
      discount_percent: null,
      audience: 'new',
      claim_limit: 10,
      claim_count: 0,
      status: 'active',
      url_path: `/offers/${trial.code}`,
    });
    expect(trial.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const discount = await createOffer(t, creator, {
      kind: 'discount',
      discount_percent: 50,
      audience: 'returning',
      expires_at: inDays(3),
    });
    const list = (await get(t, creator, '/api/creator/offers/')).json();
    expect(list.map((o: { id: number }) => o.id)).toEqual([discount.id, trial.id]);

    const other = await buildCreator(t, 999);
    expect((await post(other, `/api/creator/offers/${trial.id}/end/`)).statusCode).toBe(404);
    const ended = await post(creator, `/api/creator/offers/${trial.id}/end/`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({
      id: trial.id,
      status: 'ended',
      ended_at: expect.any(String),
    });
    expect((await post(creator, '/api/creator/offers/x/end/')).json()).toMatchObject({
      id: ['Not a valid offer id.'],
    });
  });

  it('sets 0-3 bundles priced from the monthly price, and refuses bad sets', async () => {
    const creator = await buildCreator(t, 999);
    expect((await get(t, creator, '/api/creator/bundles/')).json()).toEqual({ bundles: [] });
    const set = await setBundles(t, creator, [
      { months: 12, discount_percent: 30 },
      { months: 3, discount_percent: 10 },
    ]);
    expect(set).toEqual({
      bundles: [
        { months: 3, discount_percent: 10, price_cents: 2697 }, // 3 × 9.99 × 0.9 = 26.973
        { months: 12, discount_percent: 30, price_cents: 8392 }, // 12 × 9.99 × 0.7 = 83.916
      ],
    });
    const put = (bundles: unknown) =>
      t.request({
        method: 'PUT',
        url: '/api/creator/bundles/',
        token: creator.access,
        payload: { bundles },
      });
    expect((await put([{ months: 2, discount_percent: 10 }])).statusCode).toBe(400);
    const twice = await put([
      { months: 3, discount_percent: 10 },
      { months: 3, discount_percent: 20 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().bundles).toEqual(['One bundle per length: 3, 6 or 12 months.']);
    expect((await put([{ months: 3, discount_percent: 0 }])).statusCode).toBe(400);
    expect((await put([])).json()).toMatchObject({ bundles: [] });
  });
});

describe('claiming a free-trial link', () => {
  it('shows the offer publicly, without the claim counts', async () => {
    const creator = await buildCreator(t, 999);
    const offer = await createOffer(t, creator, { kind: 'trial', trial_days: 7, claim_limit: 5 });
    const res = await t.request({ method: 'GET', url: `/api/offers/${offer.code}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: offer.code,
      kind: 'trial',
      trial_days: 7,
      discount_percent: null,
      audience: 'new',
      status: 'active',
      price_cents: 999,
      creator: { id: creator.id, username: creator.username, profile_image: null },
    });
    expect((await t.request({ method: 'GET', url: '/api/offers/nope/' })).statusCode).toBe(404);
  });

  it('starts an active trial at the regular price, charging nothing', async () => {
    const creator = await buildCreator(t, 999);
    const fan = await buildUser(t);
    const offer = await createOffer(t, creator, { kind: 'trial', trial_days: 7 });
    const before = await moneySnapshot(t);
    const res = await claim(t, fan, offer.code);
    expect(res.statusCode).toBe(201);
    const days = (Date.parse(res.json().current_period_end) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(await moneySnapshot(t)).toEqual(before);
    const [active] = (await get(t, fan, '/api/auth/subscriptions/active/')).json();
    expect(active).toMatchObject({ creator_id: creator.id, is_trial: true, price_cents: 999 });
    const profile = (await get(t, fan, `/api/auth/users/${creator.username}/`)).json();
    expect(profile.is_subscribed).toBe(true);
    expect(await claimsOf(t, offer.id)).toEqual({
      count: 1,
      rows: [{ fan_id: String(fan.id), subscription_id: String(active.id) }],
    });
    // Once: a second claim, and a claim while subscribed, are refused.
    expect((await claim(t, fan, offer.code)).json()).toMatchObject({
      error: 'You are already subscribed to this creator.',
    });
  });

  it('gives exactly the limit under 50 parallel claims', async () => {
    const creator = await buildCreator(t, 999);
    const offer = await createOffer(t, creator, { kind: 'trial', trial_days: 7, claim_limit: 10 });
    const fans = await Promise.all(Array.from({ length: 50 }, () => buildUser(t)));
    const results = await Promise.all(fans.map((fan) => claim(t, fan, offer.code)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 400)).toHaveLength(40);
    const refusal = results.find((r) => r.statusCode === 400);
    expect(refusal?.json()).toMatchObject({ error: 'This offer has no claims left.' });
    const claims = await claimsOf(t, offer.id);
    expect(claims.count).toBe(10);
    expect(claims.rows).toHaveLength(10);
    const { rows } = await t.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM subscriptions WHERE offer_id = $1 AND is_trial',
      [offer.id],
    );
    expect(rows[0]?.n).toBe(10);
  });

  it('refuses an ended or expired offer and a discount link', async () => {
    const creator = await buildCreator(t, 999);
    const fan = await buildUser(t);
    const ended = await createOffer(t, creator, { kind: 'trial', trial_days: 7 });
    await post(creator, `/api/creator/offers/${ended.id}/end/`);
    expect((await claim(t, fan, ended.code)).json()).toMatchObject({
      error: 'This offer has ended.',
    });
    const expired = await createOffer(t, creator, {
      kind: 'trial',
      trial_days: 7,
      expires_at: inDays(1),
    });
    await t.pool.query(
      `UPDATE subscription_offers SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [expired.id],
    );
    const late = await claim(t, fan, expired.code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: 'This offer has expired.' });
    const discount = await createOffer(t, creator, { kind: 'discount', discount_percent: 20 });
    expect((await claim(t, fan, discount.code)).json()).toMatchObject({
      error: "This link is a discount: subscribe from the creator's profile to use it.",
    });
    expect(
      (
        await claim(
          t,
          creator,
          (await createOffer(t, creator, { kind: 'trial', trial_days: 3 })).code,
        )
      ).json(),
    ).toMatchObject({ error: 'You cannot claim your own offer.' });
    expect((await claimsOf(t, ended.id)).count).toBe(0);
    expect((await claimsOf(t, expired.id)).count).toBe(0);
  });

  it('refuses a fan the creator blocked', async () => {
    const creator = await buildCreator(t, 999);
    const fan = await buildUser(t);
    const offer = await createOffer(t, creator, { kind: 'trial', trial_days: 7 });
    const blocked = await post(creator, `/api/auth/users/${fan.id}/block/`);
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    const res = await claim(t, fan, offer.code);
    expect(res.statusCode).toBe(403);
    expect((await claimsOf(t, offer.id)).count).toBe(0);
  });

  it("keeps to the offer's audience: new fans, returning fans", async () => {
    const creator = await buildCreator(t, 499);
    const forNew = await createOffer(t, creator, { kind: 'trial', trial_days: 7, audience: 'new' });
    const forReturning = await createOffer(t, creator, {
      kind: 'trial',
      trial_days: 7,
      audience: 'returning',
    });
    const newcomer = await buildUser(t);
    expect((await claim(t, newcomer, forReturning.code)).json()).toMatchObject({
      error: 'This offer is for fans whose subscription to this creator has expired.',
    });
    const former = await buildUser(t);
    await topUp(t, former, '10');
    expect((await subscribe(t, former, creator)).statusCode).toBe(201);
    await t.pool.query(
      `UPDATE subscriptions SET status = 'expired', expired_at = now() WHERE fan_id = $1`,
      [former.id],
    );
    expect((await claim(t, former, forNew.code)).json()).toMatchObject({
      error: 'This offer is for fans who have never subscribed to this creator.',
    });
    expect((await claim(t, former, forReturning.code)).statusCode).toBe(201);
    expect((await claim(t, newcomer, forNew.code)).statusCode).toBe(201);
  });
});

describe('the subscribe options across a block', () => {
  it.each(['the creator blocked the fan', 'the fan blocked the creator'] as const)(
    'answers 404 as for a creator the fan may not see when %s',
    async (direction) => {
      const creator = await buildCreator(t, 999);
      const fan = await buildUser(t);
      await createOffer(t, creator, { kind: 'discount', discount_percent: 50 });
      await setBundles(t, creator, [{ months: 3, discount_percent: 10 }]);
      expect((await get(t, fan, `/api/offers/for/${creator.id}/`)).statusCode).toBe(200);
      const [blocker, blocked] = direction.startsWith('the creator')
        ? [creator, fan]
        : [fan, creator];
      const res = await post(blocker, `/api/auth/users/${blocked.id}/block/`);
      expect(res.statusCode, res.body).toBe(200);
      const options = await get(t, fan, `/api/offers/for/${creator.id}/`);
      const suspended = await buildCreator(t, 999);
      await t.pool.query('UPDATE users SET suspended_at = now() WHERE id = $1', [suspended.id]);
      const hidden = await get(t, fan, `/api/offers/for/${suspended.id}/`);
      expect(hidden.statusCode).toBe(404);
      expect(options.statusCode).toBe(404);
      expect(options.json()).toMatchObject(hidden.json());
    },
  );
});
