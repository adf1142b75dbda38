import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import {
  conversationOf,
  getAs,
  listMessages,
  postAs,
  roomOf,
  sendMessage,
  sendMessageRequest,
  signedMediaUrl,
  uploadAttachment,
  type AttachmentBody,
  type MessageBody,
} from '../../../test/messaging.ts';
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

const { pair, countRows } = conversationsKit(() => t);

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
      call: null,
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
        kind: 'message_received',
        is_read: false,
        read_at: null,
        created_at: isoDate,
        data: {
          conversation_id: conversation.id,
          sender_id: alice.id,
          sender_username: alice.username,
          has_media: true,
          preview: null,
        },
      },
      {
        id: expect.any(Number),
        title: `New message from ${alice.username}`,
        message: long.slice(0, 140),
        notification_type: 'message',
        kind: 'message_received',
        is_read: false,
        read_at: null,
        created_at: isoDate,
        data: {
          conversation_id: conversation.id,
          sender_id: alice.id,
          sender_username: alice.username,
          has_media: false,
          preview: long.slice(0, 140),
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
    expect(wrong.json()).toMatchObject({
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

    async function refused(body: unknown, expected: Record<string, unknown>) {
      const res = await postAs(
        t,
        alice,
        `/api/messaging/conversations/${conversationId}/send_message/`,
        body,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(expected);
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
      expect(res.json()).toMatchObject({ id: ['Not a valid conversation id.'] });
    });
  });

  it('answers 404 to anyone but the two participants and writes nothing', async () => {
    const { alice, bob, conversation } = await pair();
    const mallory = await buildUser(t);
    const foreign = await sendMessageRequest(t, mallory, conversation.id, { text: 'let me in' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject(NOT_FOUND);
    const missing = await sendMessageRequest(t, mallory, 987_654_321, { text: 'hello?' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject(NOT_FOUND);
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
      expect(foreign.json()).toMatchObject(NOT_FOUND);
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
      expect(before.json()).toMatchObject({
        is_locked: ['Only creators can send locked messages.'],
      });
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
      expect(res.json()).toMatchObject({
        non_field_errors: ['This user has deleted their account.'],
      });
      expect(await countRows('messages', 'conversation_id = $1', [conversation.id])).toBe(1);
    });
  });
});
