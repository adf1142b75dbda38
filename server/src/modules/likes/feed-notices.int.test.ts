import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildPost, buildUser } from '../../../test/factories.ts';

let t: TestApp;
let listener: pg.Client;
const heard: string[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  listener = new pg.Client({ connectionString: t.databaseUrl });
  await listener.connect();
  listener.on('notification', (message) => heard.push(message.payload ?? ''));
  await listener.query('LISTEN zura_changes');
});
afterAll(async () => {
  await listener.end();
  await t.close();
});

/** Sends a marker notice and waits for it: every notice committed before it has arrived. */
async function settled(): Promise<void> {
  const marker = `marker:${heard.length}:${Date.now()}`;
  await t.pool.query(`select pg_notify('zura_changes', $1)`, [marker]);
  await expect.poll(() => heard.includes(marker)).toBe(true);
}

/**
 * The notices the statement alone causes: those of earlier writes (the post's own insert) are
 * let through first, so a late one is not counted against the statement.
 */
async function noticesOf(statement: string, values: unknown[]): Promise<string[]> {
  await settled();
  heard.length = 0;
  await t.pool.query(statement, values);
  await settled();
  return heard.filter((payload) => !payload.startsWith('marker:'));
}

describe('the posts change notice', () => {
  it('is not sent when only a post’s like or comment count changes: the counts notice is', async () => {
    const author = await buildUser(t);
    const post = await buildPost(t, author);
    const counts = await noticesOf(
      'update posts set like_count = like_count + 1, comment_count = comment_count + 1 where id = $1',
      [post.id],
    );
    // The kept feeds stay; the new counts travel in a notice of their own (migration 0037).
    expect(counts).toEqual([`post_counts:${post.id}:1:1`]);
  });

  it('is sent for any other change, and for a deleted post', async () => {
    const author = await buildUser(t);
    const post = await buildPost(t, author);
    const expected = [`posts_changed:${author.id}`];
    expect(
      await noticesOf('update posts set content = $2 where id = $1', [post.id, 'Edited']),
    ).toEqual(expected);
    expect(
      await noticesOf('update posts set comments_enabled = false, like_count = 3 where id = $1', [
        post.id,
      ]),
    ).toEqual([...expected, `post_counts:${post.id}:3:0`]);
    expect(await noticesOf('delete from posts where id = $1', [post.id])).toEqual(expected);
  });
});
