import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block } from '../../../test/blocks.ts';
import { listComments, storedCounts, writeComment } from '../../../test/comments.ts';
import { makeAdmin, quickUser } from '../../../test/economy.ts';
import { buildPost, type TestUser } from '../../../test/factories.ts';
import { fileReport, groupOf, reportOf, resolveRequest } from '../../../test/reports.ts';

/** Comments are a report target: filed by those who can see them, removed by moderators. */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await quickUser(t);
  await makeAdmin(t, admin);
});
afterAll(() => t.close());

describe('reporting a comment', () => {
  it('shows it to moderators, who remove it with its replies and the counts kept', async () => {
    const author = await quickUser(t);
    const [troll, reporter] = [await quickUser(t), await quickUser(t)];
    const post = await buildPost(t, author, { content: 'calm post' });
    const bad = await writeComment(t, troll, post.id, 'something nasty');
    await writeComment(t, reporter, post.id, 'please stop', bad.id);
    await writeComment(t, reporter, post.id, 'nice post');
    const reportId = await reportOf(t, reporter, 'comment', bad.id, 'harassment');
    const [group] = await groupOf(t, admin, 'comment', bad.id);
    expect(group).toMatchObject({
      owner: { id: troll.id, username: troll.username },
      content: { text: 'something nasty', media: [] },
    });
    const res = await resolveRequest(t, admin, reportId, {
      action: 'remove_content',
      note: 'Harassment is not allowed.',
    });
    expect(res.statusCode).toBe(200);
    const left = await listComments(t, author, post.id);
    expect(left.results.map((c) => c.content)).toEqual(['nice post']);
    expect(left.comment_count).toBe(1);
    expect(await storedCounts(t, post.id)).toEqual({ kept: 1, real: 1 });
  });

  it('is refused for comments the reporter cannot see, and for their own', async () => {
    const author = await quickUser(t);
    const [writer, reporter] = [await quickUser(t), await quickUser(t)];
    const post = await buildPost(t, author, { content: 'p' });
    const comment = await writeComment(t, writer, post.id, 'hello');
    const own = await fileReport(t, writer, {
      target_type: 'comment',
      target_id: comment.id,
      reason: 'spam',
    });
    expect(own.statusCode).toBe(400);
    await block(t, writer, reporter);
    const hidden = await fileReport(t, reporter, {
      target_type: 'comment',
      target_id: comment.id,
      reason: 'spam',
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ detail: 'Nothing to report here.' });
  });
});
