import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { getAs, listMessages, sendMessage, type MessageBody } from '../../../test/messaging.ts';
import { isoDate, conversationsKit } from './conversations-test-kit.ts';

/**
 * Conversations and plain messages: one conversation per pair, the list by last activity,
 * pages of messages, unread counts, and who may read or post.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NOT_FOUND = { detail: 'Conversation not found.' };

const { pair } = conversationsKit(() => t);

describe('GET messages', () => {
  async function thread(count: number) {
    const { alice, bob, conversation } = await pair();
    const sent: MessageBody[] = [];
    for (let i = 1; i <= count; i++) {
      sent.push(await sendMessage(t, i % 2 ? alice : bob, conversation.id, `message ${i}`));
    }
    return { alice, bob, conversation, ids: sent.map((m) => m.id) };
  }

  it('answers every message ascending, each as the reader sees it', async () => {
    const { alice, bob, conversation, ids } = await thread(3);
    const list = await listMessages(t, bob, conversation.id);
    expect(list.map((m) => m.id)).toEqual(ids);
    expect(list[0]).toEqual({
      id: ids[0],
      conversation_id: conversation.id,
      text: 'message 1',
      created_at: isoDate,
      timestamp: isoDate,
      sender: alice.id,
      sender_name: alice.username,
      has_media: false,
      is_locked: false,
      is_unlocked: false,
      price: 0,
      price_cents: 0,
      attachments: [],
      is_system: false,
      roomId: null,
      call: null,
    });
    expect(list[1]).toMatchObject({ sender: bob.id, sender_name: bob.username, text: 'message 2' });
  });

  it('pages: ?after= for what is new, ?before=&limit= for older pages, ?limit= for the newest', async () => {
    const { alice, conversation, ids } = await thread(7);
    const page = async (query: string) =>
      (await listMessages(t, alice, conversation.id, query)).map((m) => m.id);
    expect(await page(`?after=${ids[2]}`)).toEqual(ids.slice(3));
    expect(await page(`?after=${ids[1]}&limit=2`)).toEqual(ids.slice(2, 4));
    expect(await page(`?after=${ids[6]}`)).toEqual([]);
    expect(await page('?after=0')).toEqual(ids);
    expect(await page('?limit=3')).toEqual(ids.slice(4));
    expect(await page(`?before=${ids[4]}&limit=2`)).toEqual(ids.slice(2, 4));
    expect(await page(`?before=${ids[2]}&limit=2`)).toEqual(ids.slice(0, 2));
    expect(await page(`?before=${ids[1]}&limit=5`)).toEqual(ids.slice(0, 1));
    expect(await page(`?before=${ids[0]}`)).toEqual([]);
  });

  it.each([
    ['after=-1', { after: ['after must be at least 0.'] }],
    ['after=abc', { after: ['after must be a whole number.'] }],
    ['before=0', { before: ['before must be at least 1.'] }],
    ['limit=0', { limit: ['limit must be at least 1.'] }],
    ['limit=201', { limit: ['limit must be at most 200.'] }],
    ['after=1e30', { after: ['after must be a whole number.'] }],
    [`after=${'9'.repeat(30)}`, { after: ['after must be at most 9007199254740991.'] }],
  ])('refuses ?%s', async (query, body) => {
    const { alice, conversation } = await pair();
    const res = await getAs(
      t,
      alice,
      `/api/messaging/conversations/${conversation.id}/messages/?${query}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(body);
  });

  it('refuses a conversation id that is not one', async () => {
    const alice = await buildUser(t);
    const res = await getAs(t, alice, '/api/messaging/conversations/abc/messages/');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: ['Not a valid conversation id.'] });
  });

  it('answers 404 to anyone but the two participants, as for a missing conversation', async () => {
    const { alice, conversation } = await pair();
    await sendMessage(t, alice, conversation.id, 'private');
    const mallory = await buildUser(t);
    const foreign = await getAs(
      t,
      mallory,
      `/api/messaging/conversations/${conversation.id}/messages/`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject(NOT_FOUND);
    const missing = await getAs(t, mallory, '/api/messaging/conversations/987654321/messages/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject(NOT_FOUND);
  });
});
