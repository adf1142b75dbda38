import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block } from '../../../test/blocks.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { sendMessage, startConversation } from '../../../test/messaging.ts';
import { fileReport } from '../../../test/reports.ts';

/**
 * Filing a report: only of what the reporter can see, never of themselves, once per open
 * report, and at most 20 an hour.
 */
let t: TestApp;
let reporter: TestUser;
let author: TestUser;
let postId: number;
beforeAll(async () => {
  t = await buildTestApp();
  reporter = await buildUser(t);
  author = await buildUser(t);
  postId = (await buildPost(t, author, { content: 'Buy followers here' })).id;
});
afterAll(async () => {
  await t.close();
});

const NOTHING = { detail: 'Nothing to report here.' };

describe('filing a report', () => {
  it('is created open, once: a second open report of the same target is refused', async () => {
    const body = { target_type: 'post', target_id: postId, reason: 'spam', details: ' Bots. ' };
    const res = await fileReport(t, reporter, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number) as number, status: 'open' });
    const { rows } = await t.pool.query<{ details: string; owner_id: string }>(
      'SELECT details, owner_id FROM reports WHERE id = $1',
      [res.json<{ id: number }>().id],
    );
    expect(rows[0]).toEqual({ details: 'Bots.', owner_id: String(author.id) });

    const again = await fileReport(t, reporter, { ...body, reason: 'harassment' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      detail: 'You have already reported this. A moderator will look at it.',
    });
  });

  it('refuses malformed fields with field errors', async () => {
    const valid = { target_type: 'post', target_id: postId, reason: 'spam' };
    for (const [field, value] of [
      ['target_type', 'story'],
      ['target_id', String(postId)],
      ['target_id', 1.5],
      ['target_id', true],
      ['reason', 'boring'],
      ['details', 'x'.repeat(1001)],
      ['details', 42],
    ] as const) {
      const res = await fileReport(t, reporter, { ...valid, [field]: value });
      expect(res.statusCode, `${field}=${String(value)}`).toBe(400);
      expect(Object.keys(res.json<{ fields: object }>().fields)).toEqual([field]);
    }
  });

  it('answers 404 for what does not exist or is hidden from the reporter', async () => {
    const stranger = await buildUser(t);
    const other = await buildUser(t);
    const conversation = await startConversation(t, author, other);
    const message = await sendMessage(t, author, conversation.id, 'Private words');
    const blocker = await buildUser(t);
    const blockersPost = await buildPost(t, blocker);
    await block(t, blocker, stranger);
    const suspended = await buildUser(t);
    await t.pool.query(
      `UPDATE users SET suspended_at = now(), suspension_reason = 'x' WHERE id = $1`,
      [suspended.id],
    );

    for (const [type, id] of [
      ['post', 999_999_999],
      ['post', blockersPost.id],
      ['profile', blocker.id],
      ['profile', suspended.id],
      ['profile', 999_999_999],
      ['message', message.id],
      ['message', 999_999_999],
    ] as const) {
      const res = await fileReport(t, stranger, {
        target_type: type,
        target_id: id,
        reason: 'spam',
      });
      expect(res.statusCode, `${type} ${id}`).toBe(404);
      expect(res.json()).toMatchObject(NOTHING);
    }
    // A party of the conversation may report the message.
    const byParty = await fileReport(t, other, {
      target_type: 'message',
      target_id: message.id,
      reason: 'harassment',
    });
    expect(byParty.statusCode).toBe(201);
  });

  it('refuses reporting oneself: one’s profile, post or message', async () => {
    const other = await buildUser(t);
    const conversation = await startConversation(t, author, other);
    const message = await sendMessage(t, author, conversation.id, 'Mine');
    for (const [type, id] of [
      ['profile', author.id],
      ['post', postId],
      ['message', message.id],
    ] as const) {
      const res = await fileReport(t, author, { target_type: type, target_id: id, reason: 'spam' });
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toMatchObject({ error: 'You cannot report yourself.' });
    }
  });

  it('stops past 20 reports an hour, refused ones included', async () => {
    const busy = await buildUser(t);
    const body = { target_type: 'profile', target_id: author.id, reason: 'spam' };
    expect((await fileReport(t, busy, body)).statusCode).toBe(201);
    for (let i = 1; i < 20; i++) expect((await fileReport(t, busy, body)).statusCode).toBe(409);
    const past = await fileReport(t, busy, { ...body, target_id: reporter.id });
    expect(past.statusCode).toBe(429);
    expect(past.json<{ detail: string }>().detail).toMatch(/^Too many reports\./);
  });

  it('needs a signed-in caller, whatever the body', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/reports/',
      headers: { 'content-type': 'application/json' },
      payload: '{"target_type":',
    });
    expect(res.statusCode).toBe(401);
  });
});
