import { messages as texts } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { uploadFile, png } from '../../../test/media.ts';
import {
  conversationOf,
  getAs,
  listConversations,
  listMessages,
  postAs,
  roomOf,
  sendMessage,
  sendMessageRequest,
  signedMediaUrl,
  startConversation,
  startConversationRequest,
  uploadAttachment,
  type AttachmentBody,
  type MessageBody,
} from '../../../test/messaging.ts';

/**
 * Conversations and plain messages: one conversation per pair, the list by last activity,
 * pages of messages, unread counts, and who may read or post.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const isoDate = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const NOT_FOUND = { detail: 'Conversation not found.' };

async function pair() {
  const alice = await buildUser(t);
  const bob = await buildUser(t);
  const conversation = await startConversation(t, alice, bob);
  return { alice, bob, conversation };
}

async function countRows(table: string, where = 'true', params: unknown[] = []): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
    params,
  );
  return rows[0]?.n ?? 0;
}

describe('requires auth', () => {
  const uuid = '3f1e7c2a-1111-4222-8333-444455556666';
  let conversationsBefore = 0;
  beforeAll(async () => {
    conversationsBefore = await countRows('conversations');
  });
  // Valid bodies: a request without a token is refused whatever it carries.
  it.each([
    ['POST', '/api/messaging/conversations/start_conversation/', { recipient_id: 1 }],
    ['GET', '/api/messaging/conversations/', undefined],
    ['GET', '/api/messaging/conversations/1/messages/', undefined],
    ['POST', '/api/messaging/conversations/1/send_message/', { text: 'hi' }],
    ['POST', '/api/messaging/messages/1/unlock/', undefined],
    ['GET', '/api/messaging/attachments/', undefined],
    ['DELETE', `/api/messaging/attachments/${uuid}/delete_attachment/`, undefined],
  ] as const)('%s %s answers 401 without a token and with a bad one', async (method, url, body) => {
    const payload =
      body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) };
    const none = await t.request({ method, url, ...payload });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: texts.authRequired });
    const bad = await t.request({ method, url, ...payload, token: 'not.a.token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ detail: texts.authInvalid });
    expect(await countRows('conversations')).toBe(conversationsBefore);
  });
});

describe('start_conversation', () => {
  it('answers the conversation with the other user and no messages yet', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const res = await startConversationRequest(t, alice, bob.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      other_user: { id: bob.id, username: bob.username, avatar: null },
      unread_count: 0,
      updated_at: isoDate,
      created_at: isoDate,
      last_message: null,
    });
  });

  it('keeps one conversation per pair, whoever starts it and however often', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const first = await startConversation(t, alice, bob);
    const again = await startConversation(t, alice, bob);
    const reverse = await startConversation(t, bob, alice);
    expect(again.id).toBe(first.id);
    expect(reverse.id).toBe(first.id);
    expect(reverse.other_user).toEqual({ id: alice.id, username: alice.username, avatar: null });
    // Both at once from both sides still meet on one row.
    const carol = await buildUser(t);
    const racing = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? startConversationRequest(t, alice, carol.id)
          : startConversationRequest(t, carol, alice.id),
      ),
    );
    expect(racing.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(racing.map((r) => r.json().id)).size).toBe(1);
    expect(
      await countRows(
        'conversations',
        '(user_low_id = $1 AND user_high_id = $2) OR (user_low_id = $2 AND user_high_id = $1)',
        [alice.id, carol.id],
      ),
    ).toBe(1);
    expect(
      await countRows(
        'conversations',
        '(user_low_id = $1 AND user_high_id = $2) OR (user_low_id = $2 AND user_high_id = $1)',
        [alice.id, bob.id],
      ),
    ).toBe(1);
  });

  it('shows the other user’s avatar as a signed URL', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const image = await uploadFile(t, bob, { content: await png(), context: 'profile_image' });
    expect(image.statusCode).toBe(201);
    const put = await t.request({
      method: 'PUT',
      url: '/api/auth/profile/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ profile_image_uuid: image.json().id }),
      token: bob.access,
    });
    expect(put.statusCode).toBe(200);
    const conversation = await startConversation(t, alice, bob);
    expect(conversation.other_user.avatar).toMatch(signedMediaUrl(image.json().id));
  });

  it('refuses a conversation with oneself', async () => {
    const alice = await buildUser(t);
    const res = await startConversationRequest(t, alice, alice.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'You cannot start a conversation with yourself.' });
    expect(
      await countRows('conversations', 'user_low_id = $1 OR user_high_id = $1', [alice.id]),
    ).toBe(0);
  });

  it('answers 404 for a recipient who does not exist', async () => {
    const alice = await buildUser(t);
    const res = await startConversationRequest(t, alice, 987_654_321);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'User not found' });
  });

  it('asks for a missing recipient_id', async () => {
    const alice = await buildUser(t);
    const res = await startConversationRequest(t, alice, undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ recipient_id: ['Choose who to message.'] });
  });

  it.each([
    ['text', 'abc'],
    ['negative', -1],
    ['zero', 0],
    ['fractional', 1.5],
    ['absurdly large', 1e20],
    ['null', null],
  ])('refuses a %s recipient_id with a field message', async (_, recipientId) => {
    const alice = await buildUser(t);
    const res = await startConversationRequest(t, alice, recipientId);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      recipient_id: ['recipient_id must be an id: a whole number above 0.'],
    });
  });

  it('refuses a body that is not an object', async () => {
    const alice = await buildUser(t);
    const res = await postAs(t, alice, '/api/messaging/conversations/start_conversation/', [1]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Expected a JSON object.'] });
  });

  it('with a locked profile, only after the caller unlocked it (403 before)', async () => {
    const owner = await buildUser(t);
    const fan = await buildUser(t);
    const lock = await t.request({
      method: 'PUT',
      url: '/api/auth/profile/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ is_profile_locked: true, profile_password: 'open sesame' }),
      token: owner.access,
    });
    expect(lock.statusCode).toBe(200);

    const refused = await startConversationRequest(t, fan, owner.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Unlock this profile before sending a message.' });
    expect(
      await countRows('conversations', 'user_low_id = $1 OR user_high_id = $1', [owner.id]),
    ).toBe(0);

    // Someone else's unlock does not count for this fan.
    const other = await buildUser(t);
    const unlockOther = await postAs(t, other, `/api/auth/users/${owner.username}/unlock/`, {
      password: 'open sesame',
    });
    expect(unlockOther.statusCode).toBe(200);
    expect((await startConversationRequest(t, fan, owner.id)).statusCode).toBe(403);

    const unlock = await postAs(t, fan, `/api/auth/users/${owner.username}/unlock/`, {
      password: 'open sesame',
    });
    expect(unlock.statusCode).toBe(200);
    const allowed = await startConversationRequest(t, fan, owner.id);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().other_user.id).toBe(owner.id);
  });
});

describe('the conversation list', () => {
  it('lists newest activity first, with the last message and the caller’s unread count', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const carol = await buildUser(t);
    const dave = await buildUser(t);
    const withBob = await startConversation(t, alice, bob);
    const withCarol = await startConversation(t, alice, carol);
    const withDave = await startConversation(t, dave, alice);
    const ids = async () => (await listConversations(t, alice)).map((c) => c.id);
    expect(await ids()).toEqual([withDave.id, withCarol.id, withBob.id]);

    const toBob = await sendMessage(t, alice, withBob.id, 'hello bob');
    expect(await ids()).toEqual([withBob.id, withDave.id, withCarol.id]);
    await sendMessage(t, carol, withCarol.id, 'hi alice, carol here');
    expect(await ids()).toEqual([withCarol.id, withBob.id, withDave.id]);

    const [first, second, third] = await listConversations(t, alice);
    expect(first).toEqual({
      id: withCarol.id,
      other_user: { id: carol.id, username: carol.username, avatar: null },
      unread_count: 1,
      updated_at: isoDate,
      created_at: isoDate,
      last_message: {
        id: expect.any(Number),
        text: 'hi alice, carol here',
        has_media: false,
        is_locked: false,
        is_unlocked: false,
        is_system: false,
        sender: carol.id,
        created_at: isoDate,
      },
    });
    expect(second).toMatchObject({
      id: withBob.id,
      unread_count: 0,
      last_message: { id: toBob.id, text: 'hello bob', sender: alice.id },
    });
    expect(third).toMatchObject({ id: withDave.id, unread_count: 0, last_message: null });
    expect(Date.parse(first!.updated_at)).toBeGreaterThanOrEqual(Date.parse(second!.updated_at));
    expect(Date.parse(second!.updated_at)).toBeGreaterThanOrEqual(Date.parse(third!.updated_at));

    // The other side sees only its own conversation, with alice as the other user.
    expect(await listConversations(t, bob)).toEqual([
      expect.objectContaining({
        id: withBob.id,
        other_user: { id: alice.id, username: alice.username, avatar: null },
        unread_count: 1,
      }),
    ]);
  });

  it('does not show a conversation to anyone but its two participants', async () => {
    const { alice, bob } = await pair();
    const mallory = await buildUser(t);
    expect(await listConversations(t, mallory)).toEqual([]);
    expect(await listConversations(t, alice)).toHaveLength(1);
    expect(await listConversations(t, bob)).toHaveLength(1);
  });
});

describe('unread counts', () => {
  it('count what the other side sent; reading the messages clears only the reader’s count', async () => {
    const { alice, bob, conversation } = await pair();
    for (const text of ['one', 'two', 'three']) await sendMessage(t, bob, conversation.id, text);
    expect((await conversationOf(t, alice, conversation.id))?.unread_count).toBe(3);
    expect((await conversationOf(t, bob, conversation.id))?.unread_count).toBe(0);

    // The sender reading does not clear the recipient's count.
    await listMessages(t, bob, conversation.id);
    expect((await conversationOf(t, alice, conversation.id))?.unread_count).toBe(3);

    const read = await listMessages(t, alice, conversation.id);
    expect(read.map((m) => m.text)).toEqual(['one', 'two', 'three']);
    expect((await conversationOf(t, alice, conversation.id))?.unread_count).toBe(0);

    await sendMessage(t, alice, conversation.id, 'reply');
    expect((await conversationOf(t, bob, conversation.id))?.unread_count).toBe(1);
    expect((await conversationOf(t, alice, conversation.id))?.unread_count).toBe(0);
    // Reading only what is new (?after=) clears it too.
    const fresh = await listMessages(t, bob, conversation.id, `?after=${read[2]!.id}`);
    expect(fresh.map((m) => m.text)).toEqual(['reply']);
    expect((await conversationOf(t, bob, conversation.id))?.unread_count).toBe(0);
  });
});

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
    expect(res.json()).toEqual(body);
  });

  it('refuses a conversation id that is not one', async () => {
    const alice = await buildUser(t);
    const res = await getAs(t, alice, '/api/messaging/conversations/abc/messages/');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ id: ['Not a valid conversation id.'] });
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
    expect(foreign.json()).toEqual(NOT_FOUND);
    const missing = await getAs(t, mallory, '/api/messaging/conversations/987654321/messages/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
  });
});

describe('send_message', () => {
  it('answers the created message (201), trimmed, and stores it for both sides', async () => {
    const { alice, bob, conversation } = await pair();
    const res = await sendMessageRequest(t, alice, conversation.id, { text: '  hello there  ' });
    expect(res.statusCode).toBe(201);
    const message = res.json<MessageBody>();
    expect(message).toEqual({
      id: expect.any(Number),
      conversation_id: conversation.id,
      text: 'hello there',
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
    });
    expect(await listMessages(t, bob, conversation.id)).toEqual([message]);
  });

  it('writes one message notification for the recipient with the conversation and sender', async () => {
    const { alice, bob, conversation } = await pair();
    const long = `${'a long message '.repeat(12)}end`;
    await sendMessage(t, alice, conversation.id, long);
    const attachment = await uploadAttachment(t, alice);
    await sendMessage(t, alice, conversation.id, { uploaded_file_uuids: [attachment] });
    const notes = (await getAs(t, bob, '/api/notifications/')).json();
    expect(notes).toEqual([
      {
        id: expect.any(Number),
        title: `New message from ${alice.username}`,
        message: 'Sent an attachment',
        notification_type: 'message',
        is_read: false,
        read_at: null,
        created_at: isoDate,
        data: {
          conversation_id: conversation.id,
          sender_id: alice.id,
          sender_username: alice.username,
          has_media: true,
        },
      },
      {
        id: expect.any(Number),
        title: `New message from ${alice.username}`,
        message: long.slice(0, 140),
        notification_type: 'message',
        is_read: false,
        read_at: null,
        created_at: isoDate,
        data: {
          conversation_id: conversation.id,
          sender_id: alice.id,
          sender_username: alice.username,
          has_media: false,
        },
      },
    ]);
    // The sender is not notified of their own messages.
    expect((await getAs(t, alice, '/api/notifications/')).json()).toEqual([]);
    const summary = (await getAs(t, bob, '/api/notifications/summary/')).json();
    expect(summary).toMatchObject({ total_count: 2, unread_count: 2 });
    expect(summary.unread_by_type.message).toBe(2);
  });

  it('writes the message and its notification in one transaction: neither without the other', async () => {
    const { alice, bob, conversation } = await pair();
    // Make the notification insert fail for bob only: the message must not be kept either.
    await t.pool.query(`
      CREATE OR REPLACE FUNCTION zura_test_refuse_notification() RETURNS trigger AS $$
      BEGIN
        IF NEW.user_id = ${bob.id} THEN RAISE EXCEPTION 'refused for the test'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await t.pool.query(`
      CREATE TRIGGER zura_test_refuse_notification BEFORE INSERT ON notifications
      FOR EACH ROW EXECUTE FUNCTION zura_test_refuse_notification()`);
    try {
      const res = await sendMessageRequest(t, alice, conversation.id, { text: 'lost' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({
        detail: 'Something went wrong on our side. Please try again.',
      });
    } finally {
      await t.pool.query('DROP TRIGGER zura_test_refuse_notification ON notifications');
      await t.pool.query('DROP FUNCTION zura_test_refuse_notification()');
    }
    expect(await countRows('messages', 'conversation_id = $1', [conversation.id])).toBe(0);
    const seen = await conversationOf(t, bob, conversation.id);
    expect(seen).toMatchObject({ unread_count: 0, last_message: null });
    // And once the notification can be written, both are.
    await sendMessage(t, alice, conversation.id, 'kept');
    expect(await countRows('messages', 'conversation_id = $1', [conversation.id])).toBe(1);
    expect(await countRows('notifications', 'user_id = $1', [bob.id])).toBe(1);
  });

  it('carries the sender’s own message_attachment uploads, with signed URLs, for both sides', async () => {
    const { alice, bob, conversation } = await pair();
    const first = await uploadAttachment(t, alice, 'message_attachment', 'first.png');
    const second = await uploadAttachment(t, alice, 'message_attachment', 'second.png');
    const res = await sendMessageRequest(t, alice, conversation.id, {
      text: '',
      uploaded_file_uuids: [first, second, first],
    });
    expect(res.statusCode).toBe(201);
    const message = res.json<MessageBody>();
    expect(message).toMatchObject({ text: '', has_media: true });
    expect(message.attachments).toHaveLength(2);
    // The thumbnail is made by a background job: a signed URL once it exists, null before.
    const { thumbnail_url: thumbnail, ...attachment } = message.attachments[0] as AttachmentBody & {
      thumbnail_url: string | null;
    };
    expect(attachment).toEqual({
      id: first,
      original_filename: 'first.png',
      file_size: expect.any(Number),
      content_type: 'image/png',
      file_url: expect.stringMatching(signedMediaUrl(first)),
      is_image: true,
    });
    expect(thumbnail === null || signedMediaUrl(first, 'thumb').test(thumbnail)).toBe(true);
    expect(message.attachments[1]).toMatchObject({ id: second, original_filename: 'second.png' });
    const [seen] = await listMessages(t, bob, conversation.id);
    expect(seen?.attachments.map((a) => a.id)).toEqual([first, second]);
    expect(seen?.has_media).toBe(true);
    // The signed URL serves the file.
    const file = await t.request({ method: 'GET', url: seen!.attachments[0]!.file_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.length).toBe(message.attachments[0]!.file_size);
    const conversationView = await conversationOf(t, bob, conversation.id);
    expect(conversationView?.last_message).toMatchObject({ text: '', has_media: true });
  });

  it('answers a call announcement as a system message naming the pair’s room', async () => {
    const { alice, bob, conversation } = await pair();
    const room = roomOf(alice, bob);
    const message = await sendMessage(t, bob, conversation.id, {
      text: `${bob.username} started a video call`,
      is_system: true,
      roomId: room,
    });
    expect(message).toMatchObject({ is_system: true, roomId: room });
    const [note] = (await getAs(t, alice, '/api/notifications/')).json();
    expect(note).toMatchObject({
      notification_type: 'call',
      title: `${bob.username} is calling`,
      message: `${bob.username} started a video call`,
      data: { conversation_id: conversation.id, sender_id: bob.id },
    });
    const wrong = await sendMessageRequest(t, bob, conversation.id, {
      text: 'calling',
      is_system: true,
      roomId: 'room_1_2',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      roomId: ["System messages must name this conversation's call room."],
    });
  });

  describe('bad input is refused with a field message and writes nothing', () => {
    let alice: TestUser;
    let bob: TestUser;
    let conversationId: number;
    beforeAll(async () => {
      const built = await pair();
      alice = built.alice;
      bob = built.bob;
      conversationId = built.conversation.id;
    });

    async function refused(body: unknown, expected: unknown) {
      const res = await postAs(
        t,
        alice,
        `/api/messaging/conversations/${conversationId}/send_message/`,
        body,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expected);
      expect(await countRows('messages', 'conversation_id = $1', [conversationId])).toBe(0);
      expect(await countRows('notifications', 'user_id = $1', [bob.id])).toBe(0);
    }

    it('empty or blank text with no files', async () => {
      const expected = { text: ['Write a message or attach a file.'] };
      await refused({}, expected);
      await refused({ text: '' }, expected);
      await refused({ text: ' \n\t ' }, expected);
      await refused({ text: '', uploaded_file_uuids: [] }, expected);
    });

    it('text that is too long or not text', async () => {
      await refused(
        { text: 'x'.repeat(5001) },
        { text: ['Messages can be at most 5000 characters long.'] },
      );
      await refused(
        { text: 'x'.repeat(20_001) },
        { text: ['Messages can be at most 5000 characters long.'] },
      );
      await refused({ text: 5 }, { text: ['Send text as a string.'] });
    });

    it('flags that are not booleans and a body that is not an object', async () => {
      await refused(
        { text: 'hi', is_locked: 'yes' },
        { is_locked: ['is_locked must be true or false.'] },
      );
      await refused([{ text: 'hi' }], { non_field_errors: ['Expected a JSON object.'] });
    });

    it('upload ids that are not ids, not a list, unknown, foreign or of another context', async () => {
      await refused(
        { text: 'hi', uploaded_file_uuids: 'nope' },
        {
          uploaded_file_uuids: ['Send a list of file ids.'],
        },
      );
      await refused(
        { text: 'hi', uploaded_file_uuids: ['nope'] },
        {
          uploaded_file_uuids: ['Attachments must be file ids.'],
        },
      );
      const own = { uploaded_file_uuids: ['Attachments must be your own uploaded message files.'] };
      await refused(
        { text: 'hi', uploaded_file_uuids: ['3f1e7c2a-1111-4222-8333-444455556666'] },
        own,
      );
      const bobs = await uploadAttachment(t, bob);
      await refused({ text: 'hi', uploaded_file_uuids: [bobs] }, own);
      const mine = await uploadAttachment(t, alice);
      await refused({ text: 'hi', uploaded_file_uuids: [mine, bobs] }, own);
      const postImage = await uploadAttachment(t, alice, 'post_image');
      await refused({ text: 'hi', uploaded_file_uuids: [postImage] }, own);
    });

    it('more than ten files', async () => {
      const ids = await Promise.all(Array.from({ length: 11 }, () => uploadAttachment(t, alice)));
      await refused(
        { text: 'hi', uploaded_file_uuids: ids },
        {
          uploaded_file_uuids: ['Attach at most 10 files.'],
        },
      );
    });

    it('a conversation id that is not one', async () => {
      const res = await sendMessageRequest(t, alice, 'abc', { text: 'hi' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ id: ['Not a valid conversation id.'] });
    });
  });

  it('answers 404 to anyone but the two participants and writes nothing', async () => {
    const { alice, bob, conversation } = await pair();
    const mallory = await buildUser(t);
    const foreign = await sendMessageRequest(t, mallory, conversation.id, { text: 'let me in' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_FOUND);
    const missing = await sendMessageRequest(t, mallory, 987_654_321, { text: 'hello?' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
    expect(await countRows('messages', 'conversation_id = $1', [conversation.id])).toBe(0);
    expect(await countRows('notifications', 'user_id IN ($1, $2)', [alice.id, bob.id])).toBe(0);
  });

  // A server remembers who each conversation is between; these check it never answers from an
  // out-of-date memory. Each change is made in the database, as another instance would make it.
  describe('what a send knows of the two sides follows every change', () => {
    const newest = async (user: TestUser) =>
      ((await getAs(t, user, '/api/notifications/')).json() as { title: string }[])[0];

    it('a third user is refused also after the two have talked', async () => {
      const { alice, bob, conversation } = await pair();
      await sendMessage(t, alice, conversation.id, 'hello');
      await sendMessage(t, bob, conversation.id, 'hi');
      const mallory = await buildUser(t);
      const foreign = await sendMessageRequest(t, mallory, conversation.id, { text: 'me too' });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(NOT_FOUND);
      expect(await countRows('messages', 'conversation_id = $1', [conversation.id])).toBe(2);
    });

    it('a sender’s new username is in their next message notification', async () => {
      const { alice, bob, conversation } = await pair();
      await sendMessage(t, alice, conversation.id, 'before');
      expect((await newest(bob))?.title).toBe(`New message from ${alice.username}`);
      const renamed = `${alice.username}_x`;
      await t.pool.query('UPDATE users SET username = $1 WHERE id = $2', [renamed, alice.id]);
      await sendMessage(t, alice, conversation.id, 'after');
      expect((await newest(bob))?.title).toBe(`New message from ${renamed}`);
    });

    it('a sender who has just become a creator may lock their next message', async () => {
      const { alice, conversation } = await pair();
      const locked = { text: 'secret', is_locked: true, price: '7.00' };
      const before = await sendMessageRequest(t, alice, conversation.id, locked);
      expect(before.statusCode).toBe(400);
      expect(before.json()).toEqual({ is_locked: ['Only creators can send locked messages.'] });
      await t.pool.query('UPDATE users SET is_creator = true WHERE id = $1', [alice.id]);
      const after = await sendMessageRequest(t, alice, conversation.id, locked);
      expect(after.statusCode).toBe(201);
      expect(after.json()).toMatchObject({ is_locked: true, price: 7 });
    });

    it('a message to someone who has just deleted their account is refused', async () => {
      const { alice, bob, conversation } = await pair();
      await sendMessage(t, alice, conversation.id, 'are you there?');
      await t.pool.query('DELETE FROM users WHERE id = $1', [bob.id]);
      const res = await sendMessageRequest(t, alice, conversation.id, { text: 'hello?' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: ['This user has deleted their account.'] });
      expect(await countRows('messages', 'conversation_id = $1', [conversation.id])).toBe(1);
    });
  });
});

describe('the attachment library', () => {
  it('lists the sender’s own sent files only, newest first, once each', async () => {
    const { alice, bob, conversation } = await pair();
    const older = await uploadAttachment(t, alice, 'message_attachment', 'older.png');
    const newer = await uploadAttachment(t, alice, 'message_attachment', 'newer.png');
    const unsent = await uploadAttachment(t, alice, 'message_attachment', 'unsent.png');
    const first = await sendMessage(t, alice, conversation.id, { uploaded_file_uuids: [older] });
    const second = await sendMessage(t, alice, conversation.id, {
      text: 'again',
      uploaded_file_uuids: [newer, older],
    });
    const bobs = await uploadAttachment(t, bob, 'message_attachment', 'bobs.png');
    await sendMessage(t, bob, conversation.id, { uploaded_file_uuids: [bobs] });

    const res = await getAs(t, alice, '/api/messaging/attachments/');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((a: { id: string }) => a.id)).toEqual([newer, older]);
    expect(list[0]).toEqual({
      id: newer,
      original_filename: 'newer.png',
      file_size: expect.any(Number),
      content_type: 'image/png',
      file_url: expect.stringMatching(signedMediaUrl(newer)),
      thumbnail_url: list[0].thumbnail_url,
      is_image: true,
      uploaded_at: isoDate,
      sender_id: alice.id,
      sender_username: alice.username,
      message_id: second.id,
    });
    expect(list.map((a: { id: string }) => a.id)).not.toContain(unsent);
    expect(first.attachments.map((a) => a.id)).toEqual([older]);
    const bobsList = (await getAs(t, bob, '/api/messaging/attachments/')).json();
    expect(bobsList.map((a: { id: string }) => a.id)).toEqual([bobs]);
    const mallory = await buildUser(t);
    expect((await getAs(t, mallory, '/api/messaging/attachments/')).json()).toEqual([]);
  });

  it('deletes the sender’s own attachment from every message; anyone else gets 404', async () => {
    const { alice, bob, conversation } = await pair();
    const id = await uploadAttachment(t, alice);
    const sent = await sendMessage(t, alice, conversation.id, {
      text: 'look',
      uploaded_file_uuids: [id],
    });
    const fileUrl = sent.attachments[0]!.file_url;
    const remove = (user: TestUser, uploadId: string) =>
      t.request({
        method: 'DELETE',
        url: `/api/messaging/attachments/${uploadId}/delete_attachment/`,
        token: user.access,
      });

    for (const other of [bob, await buildUser(t)]) {
      const res = await remove(other, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Attachment not found.' });
    }
    const notAnId = await t.request({
      method: 'DELETE',
      url: '/api/messaging/attachments/abc/delete_attachment/',
      token: alice.access,
    });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json()).toEqual({ id: ['Not a valid attachment id.'] });
    // An upload of another context is not a message attachment.
    const postImage = await uploadAttachment(t, alice, 'post_image');
    expect((await remove(alice, postImage)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: fileUrl })).statusCode).toBe(200);

    const done = await remove(alice, id);
    expect(done.statusCode).toBe(204);
    expect(done.body).toBe('');
    expect((await getAs(t, alice, '/api/messaging/attachments/')).json()).toEqual([]);
    const [message] = await listMessages(t, bob, conversation.id);
    expect(message).toMatchObject({ id: sent.id, text: 'look', has_media: false, attachments: [] });
    expect((await t.request({ method: 'GET', url: fileUrl })).statusCode).toBe(404);
    expect((await remove(alice, id)).statusCode).toBe(404);
  });
});
