import { MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import {
  sendMessageRequest,
  startConversation,
  uploadAttachment,
  type MessageBody,
} from '../../../test/messaging.ts';

/** The one message length limit, and attachments checked all at once. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function pair() {
  const alice = await buildUser(t);
  const bob = await buildUser(t);
  return { alice, bob, conversation: await startConversation(t, alice, bob) };
}

async function messageCount(conversationId: number): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM messages WHERE conversation_id = $1',
    [conversationId],
  );
  return rows[0]?.n ?? 0;
}

describe('the message length limit', () => {
  it(`accepts ${MESSAGE_MAX_LENGTH} characters and refuses one more, saying the limit`, async () => {
    expect(MESSAGE_MAX_LENGTH).toBe(5000);
    const { alice, conversation } = await pair();
    const longest = 'é'.repeat(MESSAGE_MAX_LENGTH);
    const ok = await sendMessageRequest(t, alice, conversation.id, { text: longest });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<MessageBody>().text).toBe(longest);
    const tooLong = await sendMessageRequest(t, alice, conversation.id, { text: `${longest}x` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ text: [MESSAGE_TOO_LONG] });
    expect(MESSAGE_TOO_LONG).toBe('Messages can be at most 5000 characters long.');
    expect(await messageCount(conversation.id)).toBe(1);
  });

  it('counts the text trimmed, as it is stored', async () => {
    const { alice, conversation } = await pair();
    const padded = `  ${'a'.repeat(MESSAGE_MAX_LENGTH)}\n`;
    const res = await sendMessageRequest(t, alice, conversation.id, { text: padded });
    expect(res.statusCode).toBe(201);
    expect(res.json<MessageBody>().text).toBe('a'.repeat(MESSAGE_MAX_LENGTH));
  });
});

describe('attachments of one message', () => {
  async function uploads(user: TestUser, count: number) {
    return Promise.all(
      Array.from({ length: count }, (_, i) =>
        uploadAttachment(t, user, 'message_attachment', `f${i}.png`),
      ),
    );
  }

  it('carries several of the sender’s own files, in the order given', async () => {
    const { alice, conversation } = await pair();
    const ids = await uploads(alice, 4);
    // A uuid in capitals names the same file, once.
    const sent = [ids[2], ids[0], ids[3]!.toUpperCase(), ids[1], ids[3]];
    const res = await sendMessageRequest(t, alice, conversation.id, {
      text: 'four',
      uploaded_file_uuids: sent,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<MessageBody>().attachments.map((a) => a.id)).toEqual([
      ids[2],
      ids[0],
      ids[3],
      ids[1],
    ]);
  });

  it('refuses the whole message when any one of them is not the sender’s message file', async () => {
    const { alice, bob, conversation } = await pair();
    const mine = await uploads(alice, 3);
    const bobs = await uploadAttachment(t, bob);
    const postImage = await uploadAttachment(t, alice, 'post_image');
    const unknown = '3f1e7c2a-1111-4222-8333-444455556666';
    const own = { uploaded_file_uuids: ['Attachments must be your own uploaded message files.'] };
    for (const stranger of [bobs, postImage, unknown]) {
      const res = await sendMessageRequest(t, alice, conversation.id, {
        text: 'hi',
        uploaded_file_uuids: [...mine.slice(0, 2), stranger, mine[2]],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(own);
    }
    expect(await messageCount(conversation.id)).toBe(0);
  });
});
