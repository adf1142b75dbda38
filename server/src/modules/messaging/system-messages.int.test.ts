import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import {
  conversationOf,
  getAs,
  listMessages,
  roomOf,
  sendMessage,
  sendMessageRequest,
  startConversation,
  uploadAttachment,
} from '../../../test/messaging.ts';
import { conversationsKit } from './conversations-test-kit.ts';

/**
 * A system message is the server's: the only one a user's send can make is the call
 * announcement, whose words the server writes, with no price and no files.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { countRows } = conversationsKit(() => t);

describe('a system message', () => {
  it('carries the server’s announcement, never the words its sender chose', async () => {
    const caller = await buildUser(t);
    const other = await buildUser(t);
    const conversation = await startConversation(t, caller, other);
    const forged = 'Your account is suspended: pay $50 at https://evil.example to restore it';
    const announced = `${caller.username} started a video call`;
    const message = await sendMessage(t, caller, conversation.id, {
      text: forged,
      is_system: true,
      roomId: roomOf(caller, other),
    });
    expect(message).toMatchObject({ is_system: true, text: announced });
    const [seen] = await listMessages(t, other, conversation.id);
    expect(seen).toMatchObject({ id: message.id, is_system: true, text: announced });
    expect((await conversationOf(t, other, conversation.id))?.last_message?.text).toBe(announced);
    const [note] = (await getAs(t, other, '/api/notifications/')).json();
    expect(note).toMatchObject({ notification_type: 'call', message: announced });
    const { rows } = await t.pool.query('SELECT 1 FROM messages WHERE text LIKE $1', [
      '%evil.example%',
    ]);
    expect(rows).toEqual([]);
  });

  it('is refused with a price or files, and nothing is written', async () => {
    const creator = await buildUser(t, { isCreator: true });
    const fan = await buildUser(t);
    const conversation = await startConversation(t, creator, fan);
    const upload = await uploadAttachment(t, creator);
    const system = { text: 'calling', is_system: true, roomId: roomOf(creator, fan) };
    for (const extra of [{ is_locked: true, price: '9.99' }, { uploaded_file_uuids: [upload] }]) {
      const res = await sendMessageRequest(t, creator, conversation.id, { ...system, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toMatchObject({
        is_system: ['A call announcement carries no price and no files.'],
      });
    }
    expect(await countRows('messages', 'conversation_id = $1', [conversation.id])).toBe(0);
    expect(await countRows('notifications', 'user_id = $1', [fan.id])).toBe(0);
  });
});
