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
  it('opens a conversation with nothing unread in one read of its page that writes nothing', async () => {
    const { alice, bob, conversation } = await pair();
    for (let i = 0; i < 5; i += 1) await sendMessage(t, i % 2 ? alice : bob, conversation.id, 'hi');
    // The first open marks what alice had unread; the next one has nothing to mark, and reads
    // the page once (later opens find it kept: kept-message-pages.int.test.ts).
    await listMessages(t, alice, conversation.id);
    await t.services.changes.sync();
    const sent = await statementsDuring(t, async () => {
      const list = await listMessages(t, alice, conversation.id);
      expect(list).toHaveLength(5);
    });
    // Background work may add statements of its own (a notice's reload, and the scheduled-post
    // publisher's update every 15 s): count the page's.
    const publisher = (text: string) => text.startsWith('update "posts" set "is_draft"');
    expect(sent.filter((text) => text.includes('from messages m'))).toHaveLength(1);
    expect(sent.filter((text) => /\bupdate\b/i.test(text) && !publisher(text))).toEqual([]);
  });

  it('still marks read what arrived since, then goes back to none', async () => {
    const { alice, bob, conversation } = await pair();
    await sendMessage(t, alice, conversation.id, 'first');
    await listMessages(t, bob, conversation.id);
    await sendMessage(t, alice, conversation.id, 'second');
    const opening = await statementsDuring(t, () => listMessages(t, bob, conversation.id));
    expect(opening.length).toBeGreaterThan(1);
    const res = await getAs(t, bob, '/api/notifications/unread/');
    expect(res.json<unknown[]>()).toEqual([]);
    await t.services.changes.sync();
    const again = await fewestStatementsDuring(t, () => listMessages(t, bob, conversation.id));
    expect(again).toEqual([]);
  });

  it('lists notifications in one statement, then from what is kept', async () => {
    const { alice, bob, conversation } = await pair();
    await sendMessage(t, alice, conversation.id, 'a notice');
    // The first request of a session checks it; later ones find it kept.
    await getAs(t, bob, '/api/notifications/');
    await t.services.changes.sync();
    const first = await statementsDuring(t, () => getAs(t, bob, '/api/notifications/?limit=5'));
    expect(first.filter((text) => /from notifications\s+where user_id/.test(text))).toHaveLength(1);
    const sent = await fewestStatementsDuring(t, async () => {
      const res = await getAs(t, bob, '/api/notifications/');
      expect(res.json<{ title: string }[]>().map((n) => n.title)).toEqual([
        `New message from ${alice.username}`,
      ]);
    });
    expect(sent).toEqual([]);
  });
});
