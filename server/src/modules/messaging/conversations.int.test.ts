import { messages as texts } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { uploadFile, png } from '../../../test/media.ts';
import {
  conversationOf,
  listConversations,
  listMessages,
  postAs,
  sendMessage,
  signedMediaUrl,
  startConversation,
  startConversationRequest,
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

const { pair, countRows } = conversationsKit(() => t);

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
    expect(none.json()).toMatchObject({ detail: texts.authRequired });
    const bad = await t.request({ method, url, ...payload, token: 'not.a.token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ detail: texts.authInvalid });
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
    expect(res.json()).toMatchObject({ error: 'You cannot start a conversation with yourself.' });
    expect(
      await countRows('conversations', 'user_low_id = $1 OR user_high_id = $1', [alice.id]),
    ).toBe(0);
  });

  it('answers 404 for a recipient who does not exist', async () => {
    const alice = await buildUser(t);
    const res = await startConversationRequest(t, alice, 987_654_321);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'User not found' });
  });

  it('asks for a missing recipient_id', async () => {
    const alice = await buildUser(t);
    const res = await startConversationRequest(t, alice, undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ recipient_id: ['Choose who to message.'] });
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
    expect(res.json()).toMatchObject({
      recipient_id: ['recipient_id must be an id: a whole number above 0.'],
    });
  });

  it('refuses a body that is not an object', async () => {
    const alice = await buildUser(t);
    const res = await postAs(t, alice, '/api/messaging/conversations/start_conversation/', [1]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ non_field_errors: ['Expected a JSON object.'] });
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
    expect(refused.json()).toMatchObject({
      detail: 'Unlock this profile before sending a message.',
    });
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
