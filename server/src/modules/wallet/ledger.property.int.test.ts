import { splitPayment } from '@zura/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  changePrice,
  ledgerViolations,
  makeAdmin,
  makeDue,
  newKey,
  pay,
  platformBalance,
  quickUser,
  renewAllDue,
  setPrice,
  topUpRealMoney,
} from '../../../test/economy.ts';
import type { TestUser } from '../../../test/factories.ts';

/**
 * Random sequences of top-ups (test-mode and real money), subscriptions, cancels, price changes,
 * renewals, tips, payouts, admin payouts and retried requests, each checked against a small
 * model of who holds what, and how much of it is test-mode money.
 * After every run the ledger must balance: all entries sum to zero, each transaction's entries
 * sum to zero, no account but the outside world's is negative, and every balance is the sum of
 * its entries.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await quickUser(t);
  await makeAdmin(t, admin);
});
afterAll(() => t.close());

const FANS = 3;
const CREATORS = 2;
const PRICES = [0, 499, 999, 1999] as const;
const PRICE_TEXT: Record<(typeof PRICES)[number], Parameters<typeof changePrice>[2]> = {
  0: 'free',
  499: '4.99',
  999: '9.99',
  1999: '19.99',
};

/** Users 0..2 are fans, 3..4 creators; creators may also pay each other. */
const anyUser = fc.integer({ min: 0, max: FANS + CREATORS - 1 });
const creator = fc.integer({ min: FANS, max: FANS + CREATORS - 1 });
const cents = (max: number) => fc.integer({ min: 100, max });

type Action =
  | { kind: 'topup'; user: number; cents: number }
  | { kind: 'realTopup'; user: number; cents: number }
  | { kind: 'subscribe'; user: number; creator: number }
  | { kind: 'cancel'; user: number; creator: number }
  | { kind: 'price'; creator: number; cents: (typeof PRICES)[number] }
  | { kind: 'renew'; user: number; creator: number }
  | { kind: 'tip'; user: number; creator: number; cents: number }
  | { kind: 'payout'; creator: number; cents: number }
  | { kind: 'adminPay' }
  | { kind: 'replay' };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('topup'), user: anyUser, cents: cents(3000) }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('realTopup'), user: anyUser, cents: cents(3000) }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('subscribe'), user: anyUser, creator }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('cancel'), user: anyUser, creator }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('price'),
      creator,
      cents: fc.constantFrom(...PRICES),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('renew'), user: anyUser, creator }), weight: 3 },
  {
    arbitrary: fc.record({ kind: fc.constant('tip'), user: anyUser, creator, cents: cents(2000) }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('payout'), creator, cents: cents(2000) }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'adminPay' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'replay' as const }), weight: 1 },
);

const dollars = (value: number) => (value / 100).toFixed(2);

/** What the platform should hold, as the test believes it. */
type Model = {
  wallet: number[];
  earnings: number[];
  /** The test-mode part of each wallet and earnings account. */
  walletTest: number[];
  earningsTest: number[];
  price: number[];
  /** Active subscriptions by "fan:creator", with the price each renews at. */
  subs: Map<string, { id: number; creator: number; cancelled: boolean; price: number }>;
  requestedPayouts: { id: number; cents: number }[];
  revenue: number;
  clearing: number;
  external: number;
};

type Sent = {
  user: TestUser;
  url: string;
  body: unknown;
  key: string;
  res: LightMyRequestResponse;
};

async function runSequence(startPrices: number[], actions: Action[]) {
  const people: TestUser[] = [];
  for (let i = 0; i < FANS + CREATORS; i++) people.push(await quickUser(t, i >= FANS));
  for (const [i, price] of startPrices.entries())
    await setPrice(t, people[FANS + i] as TestUser, price);
  const m: Model = {
    wallet: people.map(() => 0),
    earnings: people.map(() => 0),
    walletTest: people.map(() => 0),
    earningsTest: people.map(() => 0),
    price: people.map((_, i) => (i < FANS ? 0 : (startPrices[i - FANS] ?? 0))),
    subs: new Map(),
    requestedPayouts: [],
    revenue: 0,
    clearing: 0,
    external: 0,
  };
  const start = {
    revenue: await platformBalance(t, 'platform_revenue'),
    clearing: await platformBalance(t, 'payout_clearing'),
    external: await platformBalance(t, 'external'),
  };
  let lastSuccess: Sent | undefined;

  const who = (index: number) => people[index] as TestUser;
  async function send(user: number, url: string, body: unknown): Promise<LightMyRequestResponse> {
    const key = newKey();
    const res = await pay(t, who(user), url, body, key);
    if (res.statusCode === 201) lastSuccess = { user: who(user), url, body, key, res };
    return res;
  }
  /**
   * A fan pays a creator: 90% earned, 10% kept. The wallet's test-mode money goes first, and
   * reaches the earnings before the fee.
   */
  function charge(fan: number, to: number, amount: number) {
    const { feeCents, creatorCents } = splitPayment(amount);
    const test = Math.min(m.walletTest[fan] ?? 0, amount);
    m.wallet[fan] = (m.wallet[fan] ?? 0) - amount;
    m.walletTest[fan] = (m.walletTest[fan] ?? 0) - test;
    m.earnings[to] = (m.earnings[to] ?? 0) + creatorCents;
    m.earningsTest[to] = (m.earningsTest[to] ?? 0) + Math.min(test, creatorCents);
    m.revenue += feeCents;
  }

  for (const step of actions) {
    const label = JSON.stringify(step);
    switch (step.kind) {
      case 'topup': {
        const res = await send(step.user, '/api/wallet/topups/', { amount: dollars(step.cents) });
        expect(res.statusCode, label).toBe(201);
        m.wallet[step.user] = (m.wallet[step.user] ?? 0) + step.cents;
        m.walletTest[step.user] = (m.walletTest[step.user] ?? 0) + step.cents;
        m.external -= step.cents;
        break;
      }
      case 'realTopup': {
        await topUpRealMoney(t, who(step.user), dollars(step.cents));
        m.wallet[step.user] = (m.wallet[step.user] ?? 0) + step.cents;
        m.external -= step.cents;
        break;
      }
      case 'subscribe': {
        const res = await send(step.user, '/api/auth/subscriptions/', {
          creator_id: who(step.creator).id,
        });
        const subKey = `${step.user}:${step.creator}`;
        const price = m.price[step.creator] ?? 0;
        if (step.user === step.creator || m.subs.has(subKey)) {
          expect(res.statusCode, label).toBe(400);
        } else if (price > (m.wallet[step.user] ?? 0)) {
          expect(res.statusCode, label).toBe(402);
        } else {
          expect(res.statusCode, label).toBe(201);
          expect(res.json().price_cents, label).toBe(price);
          charge(step.user, step.creator, price);
          m.subs.set(subKey, { id: res.json().id, creator: step.creator, cancelled: false, price });
        }
        break;
      }
      case 'cancel': {
        const sub = m.subs.get(`${step.user}:${step.creator}`);
        const res = await pay(
          t,
          who(step.user),
          `/api/auth/subscriptions/${sub?.id ?? 999_999_999}/cancel/`,
          {},
          null,
        );
        expect(res.statusCode, label).toBe(sub ? 200 : 404);
        if (sub) sub.cancelled = true;
        break;
      }
      case 'price': {
        const res = await changePrice(t, who(step.creator), PRICE_TEXT[step.cents]);
        expect(res.statusCode, label).toBe(200);
        m.price[step.creator] = step.cents;
        // A lower price reaches running subscriptions; a higher one only new ones.
        for (const sub of m.subs.values()) {
          if (sub.creator === step.creator) sub.price = Math.min(sub.price, step.cents);
        }
        break;
      }
      case 'renew': {
        const subKey = `${step.user}:${step.creator}`;
        const sub = m.subs.get(subKey);
        if (sub) await makeDue(t, sub.id);
        await renewAllDue(t);
        if (!sub) break;
        if (sub.cancelled || sub.price > (m.wallet[step.user] ?? 0)) m.subs.delete(subKey);
        else charge(step.user, step.creator, sub.price);
        break;
      }
      case 'tip': {
        const res = await send(step.user, '/api/tips/', {
          creator_id: who(step.creator).id,
          amount: dollars(step.cents),
        });
        if (step.user === step.creator) expect(res.statusCode, label).toBe(400);
        else if (step.cents > (m.wallet[step.user] ?? 0)) expect(res.statusCode, label).toBe(402);
        else {
          expect(res.statusCode, label).toBe(201);
          charge(step.user, step.creator, step.cents);
          expect(res.json().balance_cents, label).toBe(m.wallet[step.user]);
        }
        break;
      }
      case 'payout': {
        const res = await send(step.creator, '/api/wallet/payouts/', {
          amount: dollars(step.cents),
        });
        // The app runs in test mode: a payout goes to the simulated test account and takes
        // test-mode earnings only; the real part waits for a real payout.
        const testEarned = m.earningsTest[step.creator] ?? 0;
        if (step.cents > testEarned) {
          expect(res.statusCode, label).toBe(402);
        } else {
          expect(res.statusCode, label).toBe(201);
          m.earnings[step.creator] = (m.earnings[step.creator] ?? 0) - step.cents;
          m.earningsTest[step.creator] = testEarned - step.cents;
          m.clearing += step.cents;
          m.requestedPayouts.push({ id: res.json().id, cents: step.cents });
        }
        break;
      }
      case 'adminPay': {
        const payout = m.requestedPayouts.shift();
        if (!payout) break;
        const res = await pay(t, admin, `/api/admin/payouts/${payout.id}/mark-paid/`, {}, null);
        expect(res.statusCode, label).toBe(200);
        m.clearing -= payout.cents;
        m.external += payout.cents;
        break;
      }
      case 'replay': {
        if (!lastSuccess) break;
        const again = await pay(
          t,
          lastSuccess.user,
          lastSuccess.url,
          lastSuccess.body,
          lastSuccess.key,
        );
        expect(again.statusCode, label).toBe(201);
        expect(again.json(), label).toEqual(lastSuccess.res.json());
        break;
      }
    }

    const { rows } = await t.pool.query<{
      user_id: string;
      kind: 'wallet' | 'earnings';
      balance: string;
      test: string;
    }>(
      `SELECT user_id, kind, balance_cents AS balance, test_cents AS test
         FROM ledger_accounts WHERE user_id = ANY($1)`,
      [people.map((p) => p.id)],
    );
    const none = () => people.map(() => 0);
    const actual = { wallet: none(), earnings: none(), walletTest: none(), earningsTest: none() };
    for (const row of rows) {
      const index = people.findIndex((p) => p.id === Number(row.user_id));
      actual[row.kind][index] = Number(row.balance);
      actual[`${row.kind}Test`][index] = Number(row.test);
    }
    expect(actual, `after ${label}`).toEqual({
      wallet: m.wallet,
      earnings: m.earnings,
      walletTest: m.walletTest,
      earningsTest: m.earningsTest,
    });
  }

  expect(await ledgerViolations(t)).toEqual([]);
  expect({
    revenue: (await platformBalance(t, 'platform_revenue')) - start.revenue,
    clearing: (await platformBalance(t, 'payout_clearing')) - start.clearing,
    external: (await platformBalance(t, 'external')) - start.external,
  }).toEqual({ revenue: m.revenue, clearing: m.clearing, external: m.external });
}

it('keeps the ledger balanced through random sequences of payments', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.constantFrom(...PRICES), { minLength: CREATORS, maxLength: CREATORS }),
      fc.array(action, { minLength: 10, maxLength: 25, size: 'max' }),
      runSequence,
    ),
    { numRuns: 30 },
  );
  // Whatever ran, the whole ledger still holds.
  expect(await ledgerViolations(t)).toEqual([]);
  const { rows } = await t.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM ledger_entries',
  );
  expect(rows[0]?.n).toBeGreaterThan(0);
}, 180_000);
