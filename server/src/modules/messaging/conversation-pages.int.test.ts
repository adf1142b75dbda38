import { randomBytes } from 'node:crypto';
import { CONVERSATIONS_PAGE_DEFAULT, CONVERSATIONS_PAGE_MAX } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import {
  getAs,
  sendMessage,
  startConversation,
  startConversationRequest,
  type ConversationBody,
} from '../../../test/messaging.ts';

/**
 * The conversation list in keyset pages (newest activity first, the next page in `Link`), and
 * reopening a conversation however far down that list it is.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * `count` new users, each in a conversation with `owner`, written set-based; the first alone
 * is the oldest activity, the others come in threes that share a time (a minute apart), so
 * ties are broken by id. Answers the other users' ids, oldest activity first.
 */
async function seedConversations(owner: TestUser, count: number): Promise<number[]> {
  const tag = randomBytes(4).toString('hex');
  const { rows } = await t.pool.query<{ id: string }>(
    `WITH others AS (
       INSERT INTO users (username, email, password_hash)
       SELECT 'bulk_' || $2 || '_' || g, 'bulk_' || $2 || '_' || g || '@example.com', 'x'
         FROM generate_series(1, $3::int) g
       RETURNING id, split_part(username, '_', 3)::int AS n
     ), talks AS (
       INSERT INTO conversations (user_low_id, user_high_id, updated_at)
       SELECT least($1::bigint, id), greatest($1::bigint, id),
              now() - interval '1 day' + interval '1 minute' * ((n + 1) - (n + 1) % 3)
         FROM others
     )
     SELECT id FROM others ORDER BY n`,
    [owner.id, tag, count],
  );
  return rows.map((row) => Number(row.id));
}

type Page = { items: ConversationBody[]; next: string | undefined };

async function page(user: TestUser, url: string): Promise<Page> {
  const res = await getAs(t, user, url);
  expect(res.statusCode).toBe(200);
  const link = res.headers.link;
  const next =
    typeof link === 'string' ? /^<\/api([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;
  if (typeof link === 'string') expect(next).toBeDefined();
  return { items: res.json<ConversationBody[]>(), next: next && `/api${next}` };
}

/** Every page from `first` on, following `Link`; `between` runs after each page. */
async function allPages(user: TestUser, first: string, between?: (n: number) => Promise<void>) {
  const pages: ConversationBody[][] = [];
  let url: string | undefined = first;
  while (url) {
    const { items, next } = await page(user, url);
    pages.push(items);
    await between?.(pages.length);
    url = next;
  }
  return pages;
}

/** Newest activity first, ties by the larger id first. */
function isNewestFirst(list: ConversationBody[]): boolean {
  return list.every((item, i) => {
    const prev = list[i - 1];
    if (!prev) return true;
    const [a, b] = [Date.parse(prev.updated_at), Date.parse(item.updated_at)];
    return a > b || (a === b && prev.id > item.id);
  });
}

describe('start_conversation', () => {
  it('reopens the oldest of 501 conversations (200, not 404) and keeps its id', async () => {
    const alice = await buildUser(t);
    const others = await seedConversations(alice, 501);
    const oldest = others[0] as number;
    const res = await startConversationRequest(t, alice, oldest);
    expect(res.statusCode).toBe(200);
    const { rows } = await t.pool.query<{ id: string }>(
      'SELECT id FROM conversations WHERE user_low_id = least($1::bigint, $2::bigint) AND user_high_id = greatest($1::bigint, $2::bigint)',
      [alice.id, oldest],
    );
    expect(rows).toHaveLength(1);
    expect(res.json()).toMatchObject({
      id: Number(rows[0]?.id),
      other_user: { id: oldest },
      unread_count: 0,
      last_message: null,
    });
    // Reopening writes nothing: still one conversation per pair, 501 in all.
    const { rows: count } = await t.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM conversations WHERE $1 IN (user_low_id, user_high_id)',
      [alice.id],
    );
    expect(count[0]?.n).toBe(501);
  });
});

describe('the conversation list in pages', () => {
  it('answers the newest page by default, then every page in order, none twice, none missed', async () => {
    const alice = await buildUser(t);
    await seedConversations(alice, 65);
    const first = await page(alice, '/api/messaging/conversations/');
    expect(first.items).toHaveLength(CONVERSATIONS_PAGE_DEFAULT);
    expect(first.next).toMatch(/^\/api\/messaging\/conversations\/\?limit=30&before=[\w-]+$/);
    const pages = await allPages(alice, '/api/messaging/conversations/?limit=20');
    expect(pages.map((items) => items.length)).toEqual([20, 20, 20, 5]);
    const all = pages.flat();
    expect(new Set(all.map((c) => c.id)).size).toBe(65);
    expect(isNewestFirst(all)).toBe(true);
    expect(all.slice(0, 30)).toEqual(first.items);
  });

  it('a page that ends the list exactly is followed by an empty one, without a Link', async () => {
    const alice = await buildUser(t);
    await seedConversations(alice, 4);
    const pages = await allPages(alice, '/api/messaging/conversations/?limit=2');
    expect(pages.map((items) => items.length)).toEqual([2, 2, 0]);
    const none = await page(await buildUser(t), '/api/messaging/conversations/');
    expect(none).toEqual({ items: [], next: undefined });
  });

  it('new messages between pages move conversations up without repeating or losing the others', async () => {
    const alice = await buildUser(t);
    const others = await seedConversations(alice, 9);
    // Newest first, pages of 3: others[8] and [7] lead page 1, others[0] ends page 3.
    const talkTo = async (otherId: number) => {
      const conversation = await startConversation(t, alice, { id: otherId });
      await sendMessage(t, alice, conversation.id, 'again');
      return conversation.id;
    };
    const moved: number[] = [];
    const pages = await allPages(alice, '/api/messaging/conversations/?limit=3', async (n) => {
      // After page 1: one of page 1 and one of page 3 get a new message.
      if (n === 1) moved.push(await talkTo(others[7] as number), await talkTo(others[0] as number));
    });
    const seen = pages.flat();
    const ids = seen.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Page 1's moved one was already shown; page 3's is now above the cursor (a fresh first
    // page and the live frame show it); every other conversation is there once, in order.
    expect(ids).toContain(moved[0]);
    expect(ids).not.toContain(moved[1]);
    expect(ids).toHaveLength(8);
    expect(isNewestFirst(seen)).toBe(true);
    const fresh = await page(alice, '/api/messaging/conversations/?limit=3');
    expect(fresh.items.slice(0, 2).map((c) => c.id)).toEqual([moved[1], moved[0]]);
    expect(fresh.items[0]?.last_message?.text).toBe('again');
  });

  it('tells the Messages badge over every conversation, not only the page', async () => {
    const alice = await buildUser(t);
    const others = await seedConversations(alice, CONVERSATIONS_PAGE_DEFAULT + 5);
    // Two unread for Alice in each of the five oldest, all past the first page.
    await t.pool.query(
      `UPDATE conversations
          SET low_unread = CASE WHEN user_low_id = $1 THEN 2 ELSE 0 END,
              high_unread = CASE WHEN user_high_id = $1 THEN 2 ELSE 0 END
        WHERE (user_low_id = $1 AND user_high_id = ANY($2::bigint[]))
           OR (user_high_id = $1 AND user_low_id = ANY($2::bigint[]))`,
      [alice.id, others.slice(0, 5)],
    );
    const res = await getAs(t, alice, '/api/messaging/conversations/');
    expect(res.headers['x-unread-messages']).toBe('10');
    expect(res.json<ConversationBody[]>().every((c) => c.unread_count === 0)).toBe(true);
  });

  it.each([
    ['?limit=0', { limit: ['limit must be at least 1.'] }],
    [
      `?limit=${CONVERSATIONS_PAGE_MAX + 1}`,
      { limit: [`limit must be at most ${CONVERSATIONS_PAGE_MAX}.`] },
    ],
    ['?limit=ten', { limit: ['limit must be a whole number.'] }],
    ['?limit=2.5', { limit: ['limit must be a whole number.'] }],
    ['?before=nope', { before: ['before is not a valid cursor.'] }],
    [
      `?before=${Buffer.from('1_x').toString('base64url')}`,
      { before: ['before is not a valid cursor.'] },
    ],
  ])('refuses %s with 400 and says why', async (query, expected) => {
    const alice = await buildUser(t);
    const res = await getAs(t, alice, `/api/messaging/conversations/${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(expected);
  });

  it('accepts the bounds of limit and an empty cursor as the first page', async () => {
    const alice = await buildUser(t);
    await seedConversations(alice, CONVERSATIONS_PAGE_MAX + 1);
    expect((await page(alice, '/api/messaging/conversations/?limit=1')).items).toHaveLength(1);
    const most = await page(alice, `/api/messaging/conversations/?limit=${CONVERSATIONS_PAGE_MAX}`);
    expect(most.items).toHaveLength(CONVERSATIONS_PAGE_MAX);
    expect(most.next).toBeDefined();
    const empty = await page(alice, '/api/messaging/conversations/?before=&limit=5');
    expect(empty.items.map((c) => c.id)).toEqual(most.items.slice(0, 5).map((c) => c.id));
  });

  it('asks for a token before it reads the query', async () => {
    const res = await getAs(t, undefined, '/api/messaging/conversations/?limit=0');
    expect(res.statusCode).toBe(401);
  });
});
