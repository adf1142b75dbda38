import {
  ANALYTICS_CSV_COLUMNS,
  ANALYTICS_SOURCES,
  type AnalyticsResponse,
  type AnalyticsSource,
} from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  buildCreator,
  get,
  makeDue,
  renewAllDue,
  subscribe,
  tip,
  topUp,
} from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { sendMessage, startConversation, unlockRequest } from '../../../test/messaging.ts';
import { NOT_A_CREATOR_MESSAGE } from './service.ts';

/*
 * Earnings analytics from the roll-ups (migration 0033), after real payments through the real
 * services: every figure must equal what summing the ledger gives for that creator.
 */
let t: TestApp;
let creator: TestUser;
let other: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
// Wide enough that a payment at 23:59 UTC and an expiry an hour back both fall inside.
const FROM = day(-40);
const TO = day(1);

async function report(user: TestUser, query: string) {
  return get(t, user, `/api/creator/analytics/?${query}`);
}

async function reportOk(query = `from=${FROM}&to=${TO}`): Promise<AnalyticsResponse> {
  const res = await report(creator, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AnalyticsResponse>();
}

/** The ledger's own sums of the creator's payments, per analytics source. */
async function ledgerSums(creatorId: number) {
  const { rows } = await t.pool.query<{ kind: string; n: number; gross: number; fee: number }>(
    `select kind, count(*)::int as n, sum(amount_cents)::int as gross, sum(fee_cents)::int as fee
       from ledger_transactions where payee_id = $1 group by kind`,
    [creatorId],
  );
  const sums = {} as Record<AnalyticsSource, { count: number; gross: number; fee: number }>;
  for (const [source, kinds] of Object.entries(ANALYTICS_SOURCES)) {
    const mine = rows.filter((row) => (kinds as readonly string[]).includes(row.kind));
    sums[source as AnalyticsSource] = {
      count: mine.reduce((s, r) => s + r.n, 0),
      gross: mine.reduce((s, r) => s + r.gross, 0),
      fee: mine.reduce((s, r) => s + r.fee, 0),
    };
  }
  return sums;
}

beforeAll(async () => {
  t = await buildTestApp();
  creator = await buildCreator(t, 499);
  other = await buildCreator(t, 300);
  alice = await buildUser(t);
  bob = await buildUser(t);
  carol = await buildUser(t);
  for (const fan of [alice, bob, carol]) await topUp(t, fan, '40.00');

  // alice: subscribes, tips and unlocks a message; her subscription elsewhere never counts here.
  expect((await subscribe(t, alice, creator)).statusCode).toBe(201);
  expect((await tip(t, alice, creator, '2.50')).statusCode).toBe(201);
  expect((await subscribe(t, alice, other)).statusCode).toBe(201);
  const conversation = await startConversation(t, alice, creator);
  const message = await sendMessage(t, creator, conversation.id, {
    text: 'just for you',
    is_locked: true,
    price: '7.50',
  });
  const unlocked = await unlockRequest(t, alice, message.id);
  expect(unlocked.statusCode, unlocked.body).toBe(200);
  // bob: subscribes and renews once; carol: subscribes, cancels and expires at the period end.
  const bobs = await subscribe(t, bob, creator);
  const carols = await subscribe(t, carol, creator);
  const cancel = await t.request({
    method: 'POST',
    url: `/api/auth/subscriptions/${carols.json<{ id: number }>().id}/cancel/`,
    token: carol.access,
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  await makeDue(t, bobs.json<{ id: number }>().id);
  await makeDue(t, carols.json<{ id: number }>().id);
  await renewAllDue(t);
});
afterAll(() => t.close());

describe('GET /api/creator/analytics/', () => {
  it("gives totals by source equal to the ledger's sums for the creator", async () => {
    const body = await reportOk();
    const ledger = await ledgerSums(creator.id);
    // The mix really has every kind the services wrote.
    expect(ledger.subscriptions.count).toBe(4);
    expect(ledger.tips.count).toBe(1);
    expect(ledger.messages.count).toBe(1);
    let gross = 0;
    let fee = 0;
    for (const source of Object.keys(ANALYTICS_SOURCES) as AnalyticsSource[]) {
      const { count, gross: g, fee: f } = ledger[source];
      expect(body.totals.sources[source], source).toEqual({
        count,
        gross_cents: g,
        fee_cents: f,
        net_cents: g - f,
      });
      gross += g;
      fee += f;
    }
    expect(body.totals.total).toMatchObject({ gross_cents: gross, fee_cents: fee });
    expect(body.totals.total.net_cents).toBe(gross - fee);
    expect(body.totals.sources.tips.gross_cents).toBe(250);
    expect(body.totals.sources.messages.gross_cents).toBe(750);
    expect(body.totals.sources.subscriptions.gross_cents).toBe(4 * 499);
  });

  it('counts subscribers gained and lost, and the renewal rate', async () => {
    const body = await reportOk();
    expect(body.totals.gained).toBe(3);
    expect(body.totals.lost).toBe(1);
    // One renewal (bob), one subscription lost (carol): 1 / (1 + 1).
    expect(body.renewal_rate).toBe(0.5);
    const otherReport = await get(t, other, `/api/creator/analytics/?from=${FROM}&to=${TO}`);
    expect(otherReport.json<AnalyticsResponse>().totals.gained).toBe(1);
    expect(otherReport.json<AnalyticsResponse>().renewal_rate).toBeNull();
  });

  it('lists the top fans by spend with their usernames', async () => {
    const body = await reportOk();
    expect(body.top_fans).toEqual([
      { username: alice.username, spent_cents: 499 + 250 + 750 },
      { username: bob.username, spent_cents: 2 * 499 },
      { username: carol.username, spent_cents: 499 },
    ]);
  });

  it('gives one zero-filled bucket per day whose sums are the totals', async () => {
    const body = await reportOk();
    expect(body.granularity).toBe('day');
    expect(body.buckets).toHaveLength(42);
    expect(body.buckets[0]?.start).toBe(FROM);
    expect(body.buckets.at(-1)?.start).toBe(TO);
    expect(body.buckets.at(-1)?.total).toEqual({
      count: 0,
      gross_cents: 0,
      fee_cents: 0,
      net_cents: 0,
    });
    const summed = body.buckets.reduce((s, b) => s + b.total.gross_cents, 0);
    expect(summed).toBe(body.totals.total.gross_cents);
    expect(body.buckets.reduce((s, b) => s + b.gained, 0)).toBe(3);
    const today = body.buckets.find((b) => b.start === day(0));
    expect(today?.sources.tips.gross_cents).toBe(250);
  });

  it('gives one bucket per calendar month the range touches', async () => {
    const body = await reportOk(`from=2025-11-20&to=2026-02-03&granularity=month`);
    expect(body.buckets.map((b) => b.start)).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    const thisMonth = `${day(0).slice(0, 7)}-01`;
    const current = await reportOk(`from=${day(0)}&to=${day(0)}&granularity=month`);
    expect(current.buckets.map((b) => b.start)).toEqual([thisMonth]);
    expect(current.buckets[0]?.sources.tips.gross_cents).toBe(250);
  });

  it('shows nothing of a range before any payment', async () => {
    const body = await reportOk('from=2020-01-01&to=2020-01-31');
    expect(body.totals.total.gross_cents).toBe(0);
    expect(body.top_fans).toEqual([]);
    expect(body.renewal_rate).toBeNull();
  });

  it('answers 401 without a session, before looking at the query', async () => {
    for (const url of [
      `/api/creator/analytics/?from=${FROM}&to=${TO}`,
      '/api/creator/analytics/?from=nonsense',
      '/api/creator/analytics/export/?from=nonsense',
    ]) {
      expect((await get(t, undefined, url)).statusCode, url).toBe(401);
    }
  });

  it('answers 403 to someone who is not a creator', async () => {
    for (const url of [
      `/api/creator/analytics/?from=${FROM}&to=${TO}`,
      `/api/creator/analytics/export/?from=${FROM}&to=${TO}`,
    ]) {
      const res = await get(t, alice, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.body).toContain(NOT_A_CREATOR_MESSAGE);
    }
  });

  it.each([
    ['from=2026-01-01', 'to'],
    ['from=yesterday&to=2026-01-01', 'from'],
    ['from=2026-02-30&to=2026-03-01', 'from'],
    ['from=2026-1-1&to=2026-03-01', 'from'],
    ['from=2026-03-01&to=2026-02-01', 'to'],
    ['from=2024-01-01&to=2026-01-02', 'to'],
    ['from=2026-01-01&to=2026-01-02&granularity=week', 'granularity'],
    ['from=2026-01-01&from=2026-01-02&to=2026-01-03', 'from'],
    ['from=2026-01-01&to=2026-01-02&extra=1', 'extra'],
  ])('answers 400 to %s', async (query, field) => {
    const res = await report(creator, query);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json<{ fields: object }>().fields)).toContain(field);
  });

  it('accepts a range of exactly two years', async () => {
    const res = await report(creator, 'from=2024-01-01&to=2025-12-31&granularity=month');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AnalyticsResponse>().buckets).toHaveLength(24);
  });
});

describe('GET /api/creator/analytics/export/', () => {
  it('gives one row per day and source, with the header, as the report counts them', async () => {
    const res = await get(t, creator, `/api/creator/analytics/export/?from=${FROM}&to=${TO}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="zura-earnings-${FROM}-to-${TO}.csv"`,
    );
    const [header, ...rows] = res.body
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(header).toEqual(ANALYTICS_CSV_COLUMNS);
    expect(rows).toHaveLength(42 * 4);
    expect(rows.filter((row) => row[0] === day(0) && row[1] === 'tips')).toEqual([
      [day(0), 'tips', '1', '2.50', '0.25', '2.25'],
    ]);
    const grossCents = rows.reduce((s, row) => s + Math.round(Number(row[3]) * 100), 0);
    expect(grossCents).toBe((await reportOk()).totals.total.gross_cents);
  });

  it('answers 400 to a bad range', async () => {
    const res = await get(t, creator, `/api/creator/analytics/export/?from=${TO}&to=${FROM}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ to: ['The end date is before the start date.'] });
  });
});

describe('payments at the same time', () => {
  it('counts every one of many parallel payments to one creator, none lost', async () => {
    const busy = await buildCreator(t, 499);
    const fans = await Promise.all(Array.from({ length: 8 }, () => buildUser(t)));
    for (const fan of fans) await topUp(t, fan, '20.00');
    const answers = await Promise.all(
      fans.flatMap((fan) => [tip(t, fan, busy, '1.25'), subscribe(t, fan, busy)]),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 201));
    const res = await get(t, busy, `/api/creator/analytics/?from=${FROM}&to=${TO}`);
    const body = res.json<AnalyticsResponse>();
    const ledger = await ledgerSums(busy.id);
    expect(body.totals.sources.tips).toMatchObject({ count: 8, gross_cents: ledger.tips.gross });
    expect(body.totals.sources.subscriptions).toMatchObject({
      count: 8,
      gross_cents: ledger.subscriptions.gross,
      fee_cents: ledger.subscriptions.fee,
    });
    expect(body.totals.gained).toBe(8);
    expect(body.top_fans).toHaveLength(8);
    expect(body.top_fans.every((fan) => fan.spent_cents === 125 + 499)).toBe(true);
  });
});
