import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildCreator, get, newKey, pay, subscribe, tip, topUp } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';

/** Money events tell the creator: a tip is a `payment`, a new fan a `subscription`. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ALL_TYPES = [
  'message',
  'call',
  'subscription',
  'payment',
  'system',
  'unlock',
  'follow',
  'like',
  'comment',
];
const zeroByType = Object.fromEntries(ALL_TYPES.map((type) => [type, 0]));
const isoDate = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);

type Notice = { id: number; notification_type: string; is_read: boolean; read_at: string | null };

const list = async (user: TestUser, path = '') =>
  (await get(t, user, `/api/notifications/${path}`)).json() as Notice[];
const summary = async (user: TestUser) =>
  (await get(t, user, '/api/notifications/summary/')).json();
const markRead = (user: TestUser | undefined, id: number | string) =>
  pay(t, user, `/api/notifications/${id}/mark_read/`, {}, null);
const markAllRead = (user: TestUser | undefined) =>
  pay(t, user, '/api/notifications/mark_all_read/', {}, null);

/** A creator with one tip and one new subscriber, each told by a notification. */
async function creatorWithNews() {
  const creator = await buildCreator(t, 499);
  const fan = await buildUser(t);
  await topUp(t, fan, '20');
  expect((await tip(t, fan, creator, '2')).statusCode).toBe(201);
  const sub = await subscribe(t, fan, creator);
  expect(sub.statusCode).toBe(201);
  return { creator, fan, subscriptionId: sub.json().id as number };
}

describe('notifications of money events', () => {
  it('tell the creator of a tip and of a new subscriber', async () => {
    const { creator, fan, subscriptionId } = await creatorWithNews();
    const notes = await list(creator);
    expect(notes).toEqual([
      {
        id: expect.any(Number),
        title: 'New subscriber',
        message: `${fan.username} subscribed to you for $4.99/month.`,
        notification_type: 'subscription',
        kind: 'subscribed',
        is_read: false,
        read_at: null,
        created_at: isoDate,
        data: {
          subscriber_id: fan.id,
          subscriber_username: fan.username,
          subscription_id: subscriptionId,
          price_cents: 499,
          period_months: 1,
          currency: 'USD',
        },
      },
      {
        id: expect.any(Number),
        title: 'New tip',
        message: `${fan.username} tipped you $2.00 (you receive $1.80).`,
        notification_type: 'payment',
        kind: 'tipped',
        is_read: false,
        read_at: null,
        created_at: isoDate,
        data: {
          sender_id: fan.id,
          sender_username: fan.username,
          amount_cents: 200,
          creator_cents: 180,
          currency: 'USD',
          creator_id: creator.id,
        },
      },
    ]);
    expect(await list(creator, 'unread/')).toEqual(notes);
    expect(await summary(creator)).toEqual({
      total_count: 2,
      unread_count: 2,
      unread_by_type: { ...zeroByType, payment: 1, subscription: 1 },
      recent_notifications: notes,
    });
    // The row keeps the facts, no sentence: the reader's client writes it in their language.
    const { rows } = await t.pool.query(
      'select * from notifications where user_id = $1 order by id',
      [creator.id],
    );
    expect(rows.map((row: Record<string, unknown>) => Object.keys(row).sort())).toEqual([
      ['created_at', 'data', 'id', 'is_read', 'kind', 'read_at', 'type', 'user_id'],
      ['created_at', 'data', 'id', 'is_read', 'kind', 'read_at', 'type', 'user_id'],
    ]);
    expect(rows.map((row: { kind: string }) => row.kind)).toEqual(['tipped', 'subscribed']);
    // The fan who paid is not notified.
    expect(await list(fan)).toEqual([]);
    expect((await summary(fan)).unread_count).toBe(0);
  });

  it('tell a free creator of a subscriber without a price', async () => {
    const creator = await buildCreator(t, 0);
    const fan = await buildUser(t);
    await subscribe(t, fan, creator);
    const [note] = await list(creator);
    expect(note).toMatchObject({
      notification_type: 'subscription',
      message: `${fan.username} subscribed to you.`,
    });
  });

  it('are not written for a refused payment nor twice for a retried one', async () => {
    const creator = await buildCreator(t, 499);
    const fan = await buildUser(t);
    await topUp(t, fan, '3');
    expect((await tip(t, fan, creator, '5')).statusCode).toBe(402);
    expect((await subscribe(t, fan, creator)).statusCode).toBe(402);
    expect(await list(creator)).toEqual([]);
    const key = newKey();
    await tip(t, fan, creator, '1', {}, key);
    await tip(t, fan, creator, '1', {}, key);
    expect(await list(creator)).toHaveLength(1);
  });
});

describe('reading notifications', () => {
  it('mark_read marks one, keeps its first read time, and the count never goes below 0', async () => {
    const { creator } = await creatorWithNews();
    const [newest, oldest] = await list(creator);
    if (!newest || !oldest) throw new Error('expected two notifications');

    const first = await markRead(creator, oldest.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Notification marked as read.', unread_count: 1 });
    const read = (await list(creator)).find((n) => n.id === oldest.id);
    expect(read).toMatchObject({ is_read: true, read_at: isoDate });
    expect((await list(creator, 'unread/')).map((n) => n.id)).toEqual([newest.id]);
    expect(await summary(creator)).toMatchObject({
      total_count: 2,
      unread_count: 1,
      unread_by_type: { ...zeroByType, subscription: 1 },
    });

    const again = await markRead(creator, oldest.id);
    expect(again.json()).toEqual({ message: 'Notification marked as read.', unread_count: 1 });
    expect((await list(creator)).find((n) => n.id === oldest.id)?.read_at).toBe(read?.read_at);

    await markRead(creator, newest.id);
    const last = await markRead(creator, newest.id);
    expect(last.json().unread_count).toBe(0);
    const counts = await summary(creator);
    expect(counts).toMatchObject({ total_count: 2, unread_count: 0, unread_by_type: zeroByType });
    expect(await list(creator, 'unread/')).toEqual([]);
  });

  it('mark_all_read marks every unread one, and only the caller’s', async () => {
    const { creator } = await creatorWithNews();
    const other = await creatorWithNews();
    const res = await markAllRead(creator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'All notifications marked as read.',
      marked: 2,
      unread_count: 0,
    });
    expect((await list(creator)).every((n) => n.is_read && n.read_at)).toBe(true);
    expect(await summary(creator)).toMatchObject({ total_count: 2, unread_count: 0 });
    const twice = await markAllRead(creator);
    expect(twice.json()).toEqual({
      message: 'All notifications marked as read.',
      marked: 0,
      unread_count: 0,
    });
    expect((await summary(creator)).unread_count).toBe(0);
    expect((await summary(other.creator)).unread_count).toBe(2);
  });

  it('another user cannot mark yours: 404, and it stays unread', async () => {
    const { creator, fan } = await creatorWithNews();
    const [note] = await list(creator);
    if (!note) throw new Error('expected a notification');
    for (const user of [fan, await buildUser(t)]) {
      const res = await markRead(user, note.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Notification not found.' });
    }
    expect((await list(creator)).find((n) => n.id === note.id)?.is_read).toBe(false);
    expect((await markRead(creator, 999_999)).statusCode).toBe(404);
  });

  it('pages with after_id and limit', async () => {
    const { creator } = await creatorWithNews();
    const [newest, oldest] = await list(creator);
    expect((await list(creator, `?after_id=${oldest?.id}`)).map((n) => n.id)).toEqual([newest?.id]);
    expect((await list(creator, '?limit=1')).map((n) => n.id)).toEqual([newest?.id]);
  });

  it('rejects bad input', async () => {
    const user = await buildUser(t);
    const id = await markRead(user, 'abc');
    expect(id.statusCode).toBe(400);
    expect(id.json()).toMatchObject({ id: ['Not a valid notification id.'] });
    for (const query of ['?limit=0', '?limit=201', '?after_id=-1']) {
      const res = await get(t, user, `/api/notifications/${query}`);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json<{ fields: object }>().fields)).toEqual([
        query.slice(1).split('=')[0],
      ]);
    }
  });

  it('requires auth', async () => {
    for (const path of ['', 'unread/', 'summary/']) {
      expect((await get(t, undefined, `/api/notifications/${path}`)).statusCode).toBe(401);
    }
    expect((await markRead(undefined, 1)).statusCode).toBe(401);
    expect((await markAllRead(undefined)).statusCode).toBe(401);
  });
});
