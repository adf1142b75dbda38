import { AUDIENCE_CSV_COLUMNS, emailShareList } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block } from '../../../test/blocks.ts';
import {
  buildCreator,
  get,
  makeDue,
  pay,
  renewAllDue,
  subscribe,
  tip,
  topUp,
} from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { follows } from '../../db/schema/index.ts';
import { AUDIENCE_PAGE_SIZE, NOT_A_CREATOR_MESSAGE } from './service.ts';

/*
 * A creator's audience export: one CSV row per fan who ever subscribed or follows, with the
 * status, the first day, what they paid this creator (gross, from the ledger) and their email
 * only while they share it with this creator; blocked fans left out, formulas neutralised.
 */
let t: TestApp;
let creator: TestUser;
let other: TestUser;

/** A small RFC 4180 reader for the test: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      field += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  expect(field).toBe('');
  return rows;
}

type Fan = {
  username: string;
  status: string;
  since: string;
  lifetime_spend: string;
  email: string;
};

async function exportOf(user: TestUser): Promise<Fan[]> {
  const res = await get(t, user, '/api/creator/audience/export/');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="zura-audience-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const [header, ...rows] = parseCsv(res.body);
  expect(header).toEqual(AUDIENCE_CSV_COLUMNS);
  return rows.map(([username = '', status = '', since = '', lifetime_spend = '', email = '']) => ({
    username,
    status,
    since,
    lifetime_spend,
    email,
  }));
}

function subscribeSharing(fan: TestUser, target: TestUser, share: unknown) {
  return pay(t, fan, '/api/auth/subscriptions/', { creator_id: target.id, share_email: share });
}

let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  creator = await buildCreator(t, 499);
  other = await buildCreator(t, 300);
  alice = await buildUser(t);
  bob = await buildUser(t);
  carol = await buildUser(t);
  dave = await buildUser(t, { email: `=cmd_${Date.now()}@example.com` });
  const erin = await buildUser(t);
  for (const fan of [alice, bob, dave, erin]) await topUp(t, fan, '30.00');

  // alice: active, shares her email, tipped once; her payments to another creator never count.
  expect((await subscribeSharing(alice, creator, true)).statusCode).toBe(201);
  expect((await tip(t, alice, creator, '2.50')).statusCode).toBe(201);
  expect((await subscribeSharing(alice, other, true)).statusCode).toBe(201);
  // bob: subscribed without sharing, cancelled, expired at the end of the month.
  const bobs = await subscribe(t, bob, creator);
  expect(bobs.statusCode).toBe(201);
  const cancel = await t.request({
    method: 'POST',
    url: `/api/auth/subscriptions/${bobs.json<{ id: number }>().id}/cancel/`,
    token: bob.access,
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  await makeDue(t, bobs.json<{ id: number }>().id);
  await renewAllDue(t);
  // carol: follows, never paid.
  await t.db.insert(follows).values({ followerId: carol.id, followeeId: creator.id });
  // dave: shares an email a spreadsheet would read as a formula.
  expect((await subscribeSharing(dave, creator, true)).statusCode).toBe(201);
  // erin: subscribed, then the creator blocked her: not in the audience any more.
  expect((await subscribe(t, erin, creator)).statusCode).toBe(201);
  await block(t, creator, erin);
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/creator/audience/export/', () => {
  it('lists every fan once with the exact status, spend from the ledger and consented email', async () => {
    const fans = await exportOf(creator);
    expect(fans.map(({ since: _since, ...fan }) => fan)).toEqual([
      { username: alice.username, status: 'active', lifetime_spend: '7.49', email: alice.email },
      { username: bob.username, status: 'expired', lifetime_spend: '4.99', email: '' },
      { username: carol.username, status: 'follower', lifetime_spend: '0.00', email: '' },
      {
        username: dave.username,
        status: 'active',
        lifetime_spend: '4.99',
        email: `'${dave.email}`,
      },
    ]);
    for (const fan of fans) expect(Number.isNaN(Date.parse(fan.since))).toBe(false);
  });

  it('refuses a fan who is not a creator, and asks for a sign-in first', async () => {
    const res = await get(t, alice, '/api/creator/audience/export/');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: NOT_A_CREATOR_MESSAGE });
    expect((await get(t, undefined, '/api/creator/audience/export/')).statusCode).toBe(401);
  });

  it('reads a large audience page by page, every fan once and in order', async () => {
    const big = await buildCreator(t, 0);
    const count = AUDIENCE_PAGE_SIZE * 2 + 7;
    await t.pool.query(
      `with made as (
         insert into users (username, email, password_hash)
         select 'bulk_' || $1 || '_' || n, 'bulk_' || $1 || '_' || n || '@example.com', 'x'
           from generate_series(1, $2) n returning id)
       insert into follows (follower_id, followee_id) select id, $1::bigint from made`,
      [big.id, count],
    );
    const fans = await exportOf(big);
    expect(fans).toHaveLength(count);
    expect(new Set(fans.map((fan) => fan.username)).size).toBe(count);
    expect(fans.every((fan) => fan.status === 'follower' && fan.email === '')).toBe(true);
  });
});

describe('email consent', () => {
  it('is a strict boolean on subscribe, and nothing is written when refused', async () => {
    const fan = await buildUser(t);
    await topUp(t, fan, '10.00');
    for (const share of ['true', 1, null]) {
      const res = await subscribeSharing(fan, creator, share);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ share_email: ['share_email must be true or false.'] });
    }
    expect((await subscribeSharing(fan, creator, false)).statusCode).toBe(201);
    const list = await get(t, fan, '/api/auth/email-shares/');
    expect(emailShareList.parse(list.json())).toEqual([]);
  });

  it('lists the creators a fan shares with, and withdrawing hides the email from the export', async () => {
    const list = await get(t, alice, '/api/auth/email-shares/');
    expect(list.statusCode).toBe(200);
    expect(
      emailShareList
        .parse(list.json())
        .map((share) => share.creator_id)
        .sort(),
    ).toEqual([creator.id, other.id].sort());

    const withdraw = () =>
      t.request({
        method: 'DELETE',
        url: `/api/auth/email-shares/${creator.id}/`,
        token: alice.access,
      });
    const res = await withdraw();
    expect(res.statusCode, res.body).toBe(200);
    expect((await withdraw()).statusCode).toBe(404);
    const bad = await t.request({
      method: 'DELETE',
      url: '/api/auth/email-shares/abc/',
      token: alice.access,
    });
    expect(bad.statusCode).toBe(400);

    const row = (await exportOf(creator)).find((fan) => fan.username === alice.username);
    expect(row).toMatchObject({ status: 'active', email: '' });
    const after = emailShareList.parse((await get(t, alice, '/api/auth/email-shares/')).json());
    expect(after.map((share) => share.creator_id)).toEqual([other.id]);
  });
});
