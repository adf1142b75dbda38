import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { getAs, listMessages, sendMessage } from '../../../test/messaging.ts';
import { conversationsKit } from './conversations-test-kit.ts';
import { fewestStatementsDuring, statementsDuring } from '../../../test/statements.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { pair } = conversationsKit(() => t);

describe('the cost of the signed-in pages', () => {
  it('opens a conversation with nothing unread in one statement that writes nothing', async () => {
    const { alice, bob, conversation } = await pair();
    for (let i = 0; i < 5; i += 1) await sendMessage(t, i % 2 ? alice : bob, conversation.id, 'hi');
    // The first open marks what alice had unread; the next ones have nothing to mark.
    await listMessages(t, alice, conversation.id);
    const sent = await fewestStatementsDuring(t, async () => {
      const list = await listMessages(t, alice, conversation.id);
      expect(list).toHaveLength(5);
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toMatch(/\bupdate\b/i);
  });

  it('still marks read what arrived since, then goes back to one statement', async () => {
    const { alice, bob, conversation } = await pair();
    await sendMessage(t, alice, conversation.id, 'first');
    await listMessages(t, bob, conversation.id);
    await sendMessage(t, alice, conversation.id, 'second');
    const opening = await statementsDuring(t, () => listMessages(t, bob, conversation.id));
    expect(opening.length).toBeGreaterThan(1);
    const res = await getAs(t, bob, '/api/notifications/unread/');
    expect(res.json<unknown[]>()).toEqual([]);
    const again = await fewestStatementsDuring(t, () => listMessages(t, bob, conversation.id));
    expect(again).toHaveLength(1);
  });

  it('lists notifications in one statement', async () => {
    const { alice, bob, conversation } = await pair();
    await sendMessage(t, alice, conversation.id, 'a notice');
    // The first request of a session checks it; later ones find it kept.
    await getAs(t, bob, '/api/notifications/');
    const sent = await fewestStatementsDuring(t, async () => {
      const res = await getAs(t, bob, '/api/notifications/');
      expect(res.json<{ title: string }[]>().map((n) => n.title)).toEqual([
        `New message from ${alice.username}`,
      ]);
    });
    expect(sent).toHaveLength(1);
  });
});
