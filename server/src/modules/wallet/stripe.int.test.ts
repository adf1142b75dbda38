import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { balance, get, moneySnapshot, newKey, pay } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';

/**
 * Top-ups through Stripe Checkout against a tiny local stand-in for the Stripe API: the wallet
 * is credited only by a correctly signed `checkout.session.completed` webhook, exactly once.
 */
const WEBHOOK_SECRET = 'whsec_test';
const signer = new Stripe('sk_test_x');

let t: TestApp;
let stripeApi: http.Server;
/** Every Checkout Session the app created, as the form fields it sent. */
const sessions: { id: string; form: URLSearchParams; authorization: string | undefined }[] = [];
/** Every session request, answered or not, with the Idempotency-Key it carried. */
const calls: { idempotencyKey: string | undefined; form: URLSearchParams }[] = [];
/** When set, the stand-in answers the next session request with this Stripe error. */
let failWith: number | undefined;
/** When set, the stand-in runs this before answering, as a slow Stripe would keep the app waiting. */
let whileStripeWorks: ((form: URLSearchParams) => Promise<void>) | undefined;

beforeAll(async () => {
  stripeApi = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not here' } }));
        return;
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const idempotencyKey = req.headers['idempotency-key'];
      calls.push({
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
        form,
      });
      await whileStripeWorks?.(form);
      if (failWith !== undefined) {
        res.writeHead(failWith, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              message: 'Invalid API Key provided: sk_test_***x',
            },
          }),
        );
        return;
      }
      const id = `cs_test_${sessions.length + 1}`;
      sessions.push({ id, form, authorization: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${id}`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
  const { port } = stripeApi.address() as AddressInfo;
  t = await buildTestApp({
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stripeApi.close(resolve));
});

let eventCounter = 0;

function completedEvent(
  sessionId: string,
  amountTotal: number | null,
  overrides: { type?: string; payment_status?: string } = {},
) {
  eventCounter += 1;
  return JSON.stringify({
    id: `evt_test_${eventCounter}`,
    object: 'event',
    type: overrides.type ?? 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        amount_total: amountTotal,
        currency: 'usd',
        payment_status: overrides.payment_status ?? 'paid',
      },
    },
  });
}

function deliver(payload: string, signature?: string) {
  return t.request({
    method: 'POST',
    url: '/api/wallet/webhooks/stripe/',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

const signed = (payload: string, secret = WEBHOOK_SECRET) =>
  signer.webhooks.generateTestHeaderString({ payload, secret });

/** Starts a Checkout top-up and answers the session the app created for it. */
async function startTopup(user: TestUser, amount: string) {
  const res = await pay(t, user, '/api/wallet/topups/', { amount });
  expect(res.statusCode).toBe(201);
  const session = sessions.at(-1);
  if (!session) throw new Error('no Checkout Session was created');
  expect(res.json()).toEqual({
    status: 'pending',
    checkout_url: `https://checkout.stripe.com/c/pay/${session.id}`,
  });
  return session;
}

describe('Stripe top-ups', () => {
  it('reports the Stripe provider in test mode', async () => {
    const user = await buildUser(t);
    const wallet = (await get(t, user, '/api/wallet/')).json();
    expect(wallet).toMatchObject({ provider: 'stripe', test_mode: true, balance_cents: 0 });
  });

  it('answers a checkout address and credits nothing until the webhook', async () => {
    const user = await buildUser(t);
    const before = await moneySnapshot(t);
    const session = await startTopup(user, '12.50');
    expect(session.authorization).toBe('Bearer sk_test_x');
    expect(session.form.get('mode')).toBe('payment');
    expect(session.form.get('line_items[0][price_data][unit_amount]')).toBe('1250');
    expect(session.form.get('metadata[user_id]')).toBe(String(user.id));
    const after = await moneySnapshot(t);
    expect(after.balances).toEqual(before.balances);
    expect(after.entries).toBe(before.entries);
    expect(await balance(t, user)).toBe(0);
  });

  it('credits the wallet once for a signed completed session, however often it arrives', async () => {
    const user = await buildUser(t);
    const session = await startTopup(user, '12.50');
    const payload = completedEvent(session.id, 1250);

    const first = await deliver(payload, signed(payload));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, credited: true });
    expect((await get(t, user, '/api/wallet/')).json().balance_cents).toBe(1250);

    const entries = (await moneySnapshot(t)).entries;
    const again = await deliver(payload, signed(payload));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, credited: false });
    // Stripe may also send the same session in a new event.
    const other = completedEvent(session.id, 1250);
    expect((await deliver(other, signed(other))).json()).toEqual({
      received: true,
      credited: false,
    });
    expect(await balance(t, user)).toBe(1250);
    expect((await moneySnapshot(t)).entries).toBe(entries);

    const lines = (await get(t, user, '/api/wallet/transactions/')).json();
    expect(lines).toEqual([
      expect.objectContaining({ kind: 'topup', direction: 'in', amount_cents: 1250 }),
    ]);
  });

  it('credits once when the same event arrives many times at once', async () => {
    const user = await buildUser(t);
    const session = await startTopup(user, '20');
    const payload = completedEvent(session.id, 2000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => deliver(payload, signed(payload))),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((res) => res.json().credited === true)).toHaveLength(1);
    expect(await balance(t, user)).toBe(2000);
  });

  it('refuses a paid amount that differs from the top-up, and the right one still credits', async () => {
    const user = await buildUser(t);
    const session = await startTopup(user, '5');
    const before = await moneySnapshot(t);
    const wrong = completedEvent(session.id, 50_000);
    const res = await deliver(wrong, signed(wrong));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'The paid amount does not match the top-up.' });
    expect(await moneySnapshot(t)).toEqual(before);

    const right = completedEvent(session.id, 500);
    expect((await deliver(right, signed(right))).json()).toEqual({
      received: true,
      credited: true,
    });
    expect(await balance(t, user)).toBe(500);
  });

  it.each<[string, (payload: string) => string | undefined]>([
    ['an unsigned event', () => undefined],
    ['an empty signature', () => ''],
    ['a signature made with another secret', (payload) => signed(payload, 'whsec_forged')],
    ['a made-up signature', () => `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}`],
  ])('refuses %s with 400 and credits nothing', async (_name, signatureOf) => {
    const user = await buildUser(t);
    const session = await startTopup(user, '8');
    const before = await moneySnapshot(t);
    const payload = completedEvent(session.id, 800);
    const res = await deliver(payload, signatureOf(payload));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid webhook signature.' });
    expect(await moneySnapshot(t)).toEqual(before);
    expect(await balance(t, user)).toBe(0);
  });

  it('refuses a signed payload changed after signing', async () => {
    const user = await buildUser(t);
    const session = await startTopup(user, '8');
    const payload = completedEvent(session.id, 800);
    const signature = signed(payload);
    const tampered = payload.replace('"amount_total":800', '"amount_total":800 ');
    const res = await deliver(tampered, signature);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid webhook signature.' });
    expect(await balance(t, user)).toBe(0);
  });

  it.each<[string, string, Parameters<typeof completedEvent>[2]]>([
    ['an unrelated event type', 'payment_intent.succeeded', {}],
    ['an expired session', 'checkout.session.expired', {}],
    ['a completed but unpaid session', 'checkout.session.completed', { payment_status: 'unpaid' }],
  ])('answers %s with 200 and credits nothing', async (_name, type, overrides) => {
    const user = await buildUser(t);
    const session = await startTopup(user, '4');
    const before = await moneySnapshot(t);
    const payload = completedEvent(session.id, 400, { ...overrides, type });
    const res = await deliver(payload, signed(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, credited: false });
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('credits nothing for a session it never created', async () => {
    const before = await moneySnapshot(t);
    const payload = completedEvent('cs_test_unknown', 400);
    const res = await deliver(payload, signed(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, credited: false });
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('answers a retried top-up request with the same checkout address', async () => {
    const user = await buildUser(t);
    const key = newKey();
    const first = await pay(t, user, '/api/wallet/topups/', { amount: '6' }, key);
    const count = sessions.length;
    const retry = await pay(t, user, '/api/wallet/topups/', { amount: '6' }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(sessions.length).toBe(count);
  });

  it.each([401, 402, 400])(
    'answers a Stripe %i as our own failure, without Stripe’s words, and moves no money',
    async (status) => {
      const user = await buildUser(t);
      const before = await moneySnapshot(t);
      failWith = status;
      try {
        const res = await pay(t, user, '/api/wallet/topups/', { amount: '5' });
        // Not the user's 401 (their session is fine) nor a 402 (their wallet is not short).
        expect(res.statusCode).toBe(500);
        expect(res.json()).toMatchObject({
          detail: 'Something went wrong on our side. Please try again.',
          request_id: expect.any(String),
        });
        expect(res.body).not.toContain('sk_test');
      } finally {
        failWith = undefined;
      }
      // The pending top-up stays, for a retry under the same key to resume; no money moved.
      expect(await moneySnapshot(t)).toEqual({ ...before, topups: (before.topups ?? 0) + 1 });
      expect((await pay(t, user, '/api/wallet/topups/', { amount: '5' })).json().status).toBe(
        'pending',
      );
    },
  );
});

describe('the call to Stripe', () => {
  it('runs after the pending top-up is committed, with no transaction open', async () => {
    const user = await buildUser(t);
    const key = newKey();
    const seen: unknown[] = [];
    whileStripeWorks = async (form) => {
      // Another connection sees what the app wrote before calling: it was committed.
      const topup = await t.pool.query(
        'SELECT user_id, amount_cents, status, provider_ref FROM topups WHERE id = $1',
        [form.get('metadata[topup_id]')],
      );
      const keyRow = await t.pool.query(
        'SELECT status_code FROM idempotency_keys WHERE user_id = $1 AND key = $2',
        [user.id, key],
      );
      const waiting = await t.pool.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND state LIKE 'idle in transaction%'
            AND (query ILIKE '%topups%' OR query ILIKE '%idempotency_keys%')`,
      );
      seen.push(topup.rows, keyRow.rows, waiting.rows[0]);
    };
    try {
      const res = await pay(t, user, '/api/wallet/topups/', { amount: '7' }, key);
      expect(res.statusCode).toBe(201);
    } finally {
      whileStripeWorks = undefined;
    }
    expect(seen).toEqual([
      [{ user_id: String(user.id), amount_cents: '700', status: 'pending', provider_ref: null }],
      [{ status_code: 0 }],
      { n: 0 },
    ]);
    const session = sessions.at(-1);
    const stored = await t.pool.query('SELECT status, provider_ref FROM topups WHERE id = $1', [
      session?.form.get('metadata[topup_id]'),
    ]);
    expect(stored.rows).toEqual([{ status: 'pending', provider_ref: session?.id }]);
  });

  it('is retried with the same Stripe idempotency key when the same request is retried', async () => {
    const user = await buildUser(t);
    const key = newKey();
    const from = calls.length;
    failWith = 402;
    try {
      expect((await pay(t, user, '/api/wallet/topups/', { amount: '9' }, key)).statusCode).toBe(
        500,
      );
    } finally {
      failWith = undefined;
    }
    const retry = await pay(t, user, '/api/wallet/topups/', { amount: '9' }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ status: 'pending' });
    // Answered now: a further retry gets the stored answer without calling Stripe.
    expect((await pay(t, user, '/api/wallet/topups/', { amount: '9' }, key)).json()).toEqual(
      retry.json(),
    );

    const made = calls.slice(from);
    expect(made).toHaveLength(2);
    const [first, second] = made;
    const topupId = first?.form.get('metadata[topup_id]');
    expect(first?.idempotencyKey).toMatch(new RegExp(`^zura-topup-${topupId}-[0-9a-f]{16}$`));
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(second?.form.get('metadata[topup_id]')).toBe(topupId);
    const rows = await t.pool.query('SELECT count(*)::int AS n FROM topups WHERE user_id = $1', [
      user.id,
    ]);
    expect(rows.rows[0]).toEqual({ n: 1 });

    // Another request (another Idempotency-Key) is another top-up with its own Stripe key.
    await pay(t, user, '/api/wallet/topups/', { amount: '9' });
    expect(calls.at(-1)?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });
});
