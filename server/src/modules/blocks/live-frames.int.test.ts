import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block } from '../../../test/blocks.ts';
import { buildCreator, subscribe, tip, topUp } from '../../../test/economy.ts';
import { buildUser } from '../../../test/factories.ts';
import {
  postAs,
  sendMessage,
  sendMessageRequest,
  startConversation,
} from '../../../test/messaging.ts';
import { authedSocket, closeAllSockets, listen, sync } from '../../../test/sockets.ts';

let t: TestApp;
let ws: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ ws } = await listen(t.app));
});
afterAll(async () => {
  await closeAllSockets();
  await t.close();
});

describe('live frames across a block', () => {
  it('never reach the blocker from the blocked user: no message, no notification', async () => {
    const creator = await buildCreator(t);
    const fan = await buildUser(t);
    await topUp(t, fan, '20');
    const { id } = await startConversation(t, fan, creator);
    const socket = await authedSocket(ws, creator.access);
    // Before the block, a message does arrive live: the socket is listening.
    await sendMessage(t, fan, id, 'before');
    await socket.waitFor((f) => f.type === 'message');

    await block(t, creator, fan);
    const since = socket.mark();
    expect((await sendMessageRequest(t, fan, id, { text: 'after' })).statusCode).toBe(403);
    expect((await postAs(t, fan, `/api/auth/users/${creator.id}/follow/`)).statusCode).toBe(403);
    expect((await tip(t, fan, creator, '5.00')).statusCode).toBe(403);
    expect((await subscribe(t, fan, creator)).statusCode).toBe(403);
    await sync(socket);
    const types = socket.frames.slice(since).map((f) => f.type);
    expect(types).toEqual(['pong']);
  });
});
