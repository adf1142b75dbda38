import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block, blockRequest } from '../../../test/blocks.ts';
import { buildUser } from '../../../test/factories.ts';
import {
  listConversations,
  sendMessage,
  sendMessageRequest,
  startConversation,
} from '../../../test/messaging.ts';

/**
 * Issue 32: a blocked pair's thread leaves both sides' Recent Chats, and writing in it is
 * refused with the block's own words (no "try again", which cannot help).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a conversation between a blocked pair', () => {
  it("leaves both users' conversation lists, and comes back once unblocked", async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const carol = await buildUser(t);
    const blocked = await startConversation(t, alice, bob);
    const open = await startConversation(t, alice, carol);
    await sendMessage(t, alice, blocked.id, 'Hello bob');
    await sendMessage(t, alice, open.id, 'Hello carol');

    await block(t, bob, alice);
    const ids = async (user: typeof alice) =>
      (await listConversations(t, user)).map((conversation) => conversation.id);
    expect(await ids(alice)).toEqual([open.id]);
    expect(await ids(bob)).toEqual([]);

    const res = await sendMessageRequest(t, alice, blocked.id, { text: 'Still there?' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: 'You cannot message this user.' });

    expect((await blockRequest(t, bob, alice.id, 'DELETE')).statusCode).toBe(200);
    expect(await ids(bob)).toEqual([blocked.id]);
  });
});
