import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { listMessages, sendMessage, type MessageBody } from '../../../test/messaging.ts';
import { buildSecondInstance, type SecondInstance } from '../../../test/second-instance.ts';
import { fewestStatementsDuring } from '../../../test/statements.ts';
import type { TestUser } from '../../../test/factories.ts';
import { conversationsKit } from './conversations-test-kit.ts';

let t: TestApp;
let other: SecondInstance;
beforeAll(async () => {
  t = await buildTestApp();
  other = await buildSecondInstance(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const { pair } = conversationsKit(() => t);

/** The newest page as `user` opens it on the second instance. */
async function openElsewhere(user: TestUser, conversationId: number): Promise<MessageBody[]> {
  const res = await other.request({
    method: 'GET',
    url: `/api/messaging/conversations/${conversationId}/messages/`,
    token: user.access,
  });
  expect(res.statusCode).toBe(200);
  return res.json<MessageBody[]>();
}

const texts = (messages: MessageBody[]) => messages.map((m) => m.text);

describe("a conversation's kept newest page", () => {
  it('is reopened without a round trip once nothing is left to mark read', async () => {
    const { alice, bob, conversation } = await pair();
    await sendMessage(t, bob, conversation.id, 'hello');
    await listMessages(t, alice, conversation.id);
    // The first open marked the message and its notice read: the database's notices of those
    // writes drop the kept page when they arrive, which on a busy machine can be during every
    // run below. Once they are in, the page read next is kept.
    await t.services.changes.sync();
    const sent = await fewestStatementsDuring(t, async () => {
      expect(texts(await listMessages(t, alice, conversation.id))).toEqual(['hello']);
    });
    expect(sent).toEqual([]);
  });

  it('shows a message sent through another instance at once, and marks it read', async () => {
    const { alice, bob, conversation } = await pair();
    await sendMessage(t, alice, conversation.id, 'first');
    expect(texts(await openElsewhere(bob, conversation.id))).toEqual(['first']);
    expect(texts(await openElsewhere(bob, conversation.id))).toEqual(['first']);
    await sendMessage(t, alice, conversation.id, 'second');
    expect(texts(await openElsewhere(bob, conversation.id))).toEqual(['first', 'second']);
    const { rows } = await t.pool.query<{ unread: number }>(
      'select case when user_low_id = $2 then low_unread else high_unread end as unread from conversations where id = $1',
      [conversation.id, bob.id],
    );
    expect(rows[0]?.unread).toBe(0);
  });

  it("shows the sender's own message at once on the instance that sent it", async () => {
    const { alice, conversation } = await pair();
    await sendMessage(t, alice, conversation.id, 'one');
    expect(texts(await listMessages(t, alice, conversation.id))).toEqual(['one']);
    const res = await t.request({
      method: 'POST',
      url: `/api/messaging/conversations/${conversation.id}/send_message/`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'two' }),
      token: alice.access,
    });
    expect(res.statusCode).toBe(201);
    // No wait for the database's notice: the sending instance drops its copy itself.
    const page = await t.request({
      method: 'GET',
      url: `/api/messaging/conversations/${conversation.id}/messages/`,
      token: alice.access,
      settle: false,
    });
    expect(texts(page.json<MessageBody[]>())).toEqual(['one', 'two']);
  });

  it('follows writes made behind the platform’s back: a new, an edited, an unlocked and a deleted message', async () => {
    const { alice, bob, conversation } = await pair();
    const kept = await sendMessage(t, alice, conversation.id, 'kept');
    await openElsewhere(bob, conversation.id);

    await t.pool.query(
      `insert into messages (conversation_id, sender_id, text) values ($1, $2, 'by sql')`,
      [conversation.id, alice.id],
    );
    expect(texts(await openElsewhere(bob, conversation.id))).toEqual(['kept', 'by sql']);

    await t.pool.query(`update messages set is_locked = true, price_cents = 500 where id = $1`, [
      kept.id,
    ]);
    const locked = (await openElsewhere(bob, conversation.id))[0];
    expect(locked).toMatchObject({ id: kept.id, is_locked: true, is_unlocked: false });

    await t.pool.query('insert into message_unlocks (message_id, user_id) values ($1, $2)', [
      kept.id,
      bob.id,
    ]);
    expect((await openElsewhere(bob, conversation.id))[0]).toMatchObject({
      id: kept.id,
      is_unlocked: true,
      text: 'kept',
    });

    await t.pool.query('delete from messages where id = $1', [kept.id]);
    expect(texts(await openElsewhere(bob, conversation.id))).toEqual(['by sql']);
  });
});
