import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildCreator, subscribe, tip, topUp } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { sendMessage, startConversation } from '../../../test/messaging.ts';
import { startPushEndpoint } from '../../../test/push-endpoint.ts';
import { pushJobsSettled, subscribeDevice, subscriptionRows } from '../../../test/push.ts';
import { authedSocket, closeAllSockets, listen } from '../../../test/sockets.ts';

/** What is pushed, to whom and when: messages, calls, subscribers and tips, never to open tabs. */
let t: TestApp;
let ws: string;
let pushService: Awaited<ReturnType<typeof startPushEndpoint>>;
beforeAll(async () => {
  t = await buildTestApp({ PUSH_LOOPBACK_HTTP: 'true' });
  ws = (await listen(t.app)).ws;
  pushService = await startPushEndpoint();
});
afterAll(async () => {
  await closeAllSockets();
  await t.close();
  await pushService.close();
});

async function userWithDevice(isCreator = false) {
  const user = isCreator ? await buildCreator(t) : await buildUser(t);
  const device = pushService.device();
  await subscribeDevice(t, user, device);
  return { user, device };
}

describe('a new message', () => {
  it('is pushed to the recipient with no tab open, with its sender and a link to messages', async () => {
    const alice = await buildUser(t);
    const { user: bob, device } = await userWithDevice();
    const conversation = await startConversation(t, alice, bob);
    await sendMessage(t, alice, conversation.id, 'See you at eight');
    expect(await device.waitForPush()).toEqual({
      title: `New message from ${alice.username}`,
      body: 'See you at eight',
      url: '/messages',
      tag: `conversation-${conversation.id}`,
    });
  });

  it('is not pushed while the recipient has a tab open, and is once it closed', async () => {
    const alice = await buildUser(t);
    const { user: bob, device } = await userWithDevice();
    const conversation = await startConversation(t, alice, bob);
    const socket = await authedSocket(ws, bob.access);
    await sendMessage(t, alice, conversation.id, 'While you look');
    await socket.waitForType('message');
    await pushJobsSettled(t);
    await socket.close();
    await sendMessage(t, alice, conversation.id, 'After you left');
    const pushed = await device.waitForPush();
    await pushJobsSettled(t);
    expect(pushed).toMatchObject({ body: 'After you left' });
    expect(device.received).toHaveLength(1);
  });

  it("never carries a locked message's text, only what its notification shows", async () => {
    const creator = await buildCreator(t);
    const { user: fan, device } = await userWithDevice();
    const conversation = await startConversation(t, creator, fan);
    await sendMessage(t, creator, conversation.id, {
      text: 'the secret behind the paywall',
      is_locked: true,
      price: '7.00',
    });
    const pushed = await device.waitForPush();
    expect(pushed).toEqual({
      title: `New message from ${creator.username}`,
      body: 'Locked message · $7.00',
      url: '/messages',
      tag: `conversation-${conversation.id}`,
    });
    expect(JSON.stringify(pushed)).not.toContain('secret');
  });

  it("is not pushed to the sender's own devices", async () => {
    const { user: alice, device } = await userWithDevice();
    const bob = await buildUser(t);
    const conversation = await startConversation(t, alice, bob);
    await sendMessage(t, alice, conversation.id, 'Hello');
    await pushJobsSettled(t);
    expect(device.received).toEqual([]);
  });
});

describe('money and subscribers', () => {
  it('pushes a new subscriber to the creator', async () => {
    const { user: creator, device } = await userWithDevice(true);
    const fan = await buildUser(t);
    await topUp(t, fan, '20.00');
    expect((await subscribe(t, fan, creator)).statusCode).toBe(201);
    expect(await device.waitForPush()).toMatchObject({ url: '/notifications' });
  });

  it('pushes a tip to the creator, with a link to the wallet', async () => {
    const { user: creator, device } = await userWithDevice(true);
    const fan = await buildUser(t);
    await topUp(t, fan, '20.00');
    expect((await tip(t, fan, creator, '5.00')).statusCode).toBe(201);
    expect(await device.waitForPush()).toMatchObject({
      title: 'New tip',
      body: expect.stringContaining(`${fan.username} tipped you $5.00`) as string,
      url: '/wallet',
    });
  });
});

describe('the language of a push', () => {
  it('is the recipient’s saved language, amounts written as in it', async () => {
    const { user: creator, device } = await userWithDevice(true);
    const saved = await t.request({
      method: 'PUT',
      url: '/api/auth/settings/',
      token: creator.access,
      payload: { language: 'de' },
    });
    expect(saved.statusCode).toBe(200);
    const fan = await buildUser(t);
    await topUp(t, fan, '20.00');
    expect((await tip(t, fan, creator, '5.00')).statusCode).toBe(201);
    expect(await device.waitForPush()).toMatchObject({
      title: 'Neues Trinkgeld',
      body: `${fan.username} hat dir 5,00\u00a0$ Trinkgeld gegeben (du erhältst 4,50\u00a0$).`,
      url: '/wallet',
    });
  });
});

describe('the end of a session', () => {
  async function sessionIdOf(user: TestUser): Promise<number> {
    const res = await t.request({ method: 'GET', url: '/api/auth/sessions/', token: user.access });
    const current = res.json<{ results: { id: number; current: boolean }[] }>().results;
    return current.find((session) => session.current)?.id ?? -1;
  }

  it("removes that device's subscription, and nothing reaches it after", async () => {
    const { user, device } = await userWithDevice();
    const other = { ...user, access: await t.signIn(user.id) };
    const kept = pushService.device();
    await subscribeDevice(t, other, kept);
    const ended = await t.request({
      method: 'DELETE',
      url: `/api/auth/sessions/${await sessionIdOf(user)}/`,
      token: other.access,
    });
    expect(ended.statusCode).toBe(200);
    expect(await subscriptionRows(t, device.endpoint)).toEqual([]);
    expect(await subscriptionRows(t, kept.endpoint)).toHaveLength(1);
    const alice = await buildUser(t);
    const conversation = await startConversation(t, alice, user);
    await sendMessage(t, alice, conversation.id, 'Anyone there?');
    await kept.waitForPush();
    await pushJobsSettled(t);
    expect(device.received).toEqual([]);
  });
});
