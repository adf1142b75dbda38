import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH } from '@zura/contracts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  commentRequest,
  deleteRequest,
  editRequest,
  listComments,
  listRequest,
  repliesRequest,
  settingsRequest,
  storedCounts,
  writeComment,
} from '../../../test/comments.ts';
import { quickUser } from '../../../test/economy.ts';
import { buildPost } from '../../../test/factories.ts';

/**
 * Comments on a post anyone can see: pages, replies one level deep, edit and delete rights,
 * exact counts under parallel writes, the author's switch, and bad input answered 4xx.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function openPost() {
  const author = await quickUser(t);
  const fan = await quickUser(t);
  const post = await buildPost(t, author, { content: 'Say something' });
  return { author, fan, post };
}

describe('writing and reading comments', () => {
  it('stores a trimmed comment, counts it and lists it with its author and rights', async () => {
    const { author, fan, post } = await openPost();
    const res = await commentRequest(t, fan, post.id, { content: '  first!  ' });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ comment: { id: number }; comment_count: number }>();
    expect(created.comment_count).toBe(1);
    const asFan = await listComments(t, fan, post.id);
    expect(asFan).toMatchObject({ next: null, comments_enabled: true, comment_count: 1 });
    expect(asFan.results).toEqual([
      expect.objectContaining({
        id: created.comment.id,
        post_id: post.id,
        parent_id: null,
        content: 'first!',
        author: {
          id: fan.id,
          username: fan.username,
          profile_image: null,
          profile_image_small: null,
        },
        edited_at: null,
        reply_count: 0,
        can_edit: true,
        can_delete: true,
      }),
    ]);
    // The post's author may delete it but not edit it.
    const asAuthor = await listComments(t, author, post.id);
    expect(asAuthor.results[0]).toMatchObject({ can_edit: false, can_delete: true });
    // And the feed says how many there are and that comments are on.
    const feed = await t.request({
      method: 'GET',
      url: `/api/posts/user/${author.id}/`,
      token: fan.access,
    });
    expect(feed.json<{ id: number; comments_enabled: boolean }[]>()[0]).toMatchObject({
      id: post.id,
      comments_enabled: true,
    });
  });

  it('pages newest first with a keyset cursor that neither repeats nor skips', async () => {
    const { fan, post } = await openPost();
    const written = [];
    for (let i = 0; i < 5; i += 1) written.push(await writeComment(t, fan, post.id, `c${i}`));
    const first = await listComments(t, fan, post.id, '?limit=2');
    expect(first.results.map((c) => c.content)).toEqual(['c4', 'c3']);
    expect(first.next).not.toBeNull();
    const second = await listComments(t, fan, post.id, `?limit=2&before=${first.next}`);
    expect(second.results.map((c) => c.content)).toEqual(['c2', 'c1']);
    const third = await listComments(t, fan, post.id, `?limit=2&before=${second.next}`);
    expect(third.results.map((c) => c.content)).toEqual(['c0']);
    expect(third.next).toBeNull();
    // A comment written meanwhile is on the first page, not pushed into the pages after it.
    await writeComment(t, fan, post.id, 'late');
    const again = await listComments(t, fan, post.id, `?limit=2&before=${first.next}`);
    expect(again.results.map((c) => c.content)).toEqual(['c2', 'c1']);
  });

  it('threads one level: a reply to a reply joins its top-level comment', async () => {
    const { author, fan, post } = await openPost();
    const top = await writeComment(t, fan, post.id, 'top');
    const reply = await writeComment(t, author, post.id, 'reply', top.id);
    const deeper = await writeComment(t, fan, post.id, 'deeper', reply.id);
    expect(reply.parent_id).toBe(top.id);
    expect(deeper.parent_id).toBe(top.id);
    const list = await listComments(t, fan, post.id);
    expect(list.results.map((c) => [c.content, c.reply_count])).toEqual([['top', 2]]);
    expect(list.comment_count).toBe(3);
    const replies = await repliesRequest(t, fan, top.id);
    expect(replies.statusCode).toBe(200);
    expect(
      replies.json<{ results: { content: string }[] }>().results.map((c) => c.content),
    ).toEqual(['deeper', 'reply']);
    // A reply's replies are its thread's.
    const viaReply = await repliesRequest(t, fan, reply.id, '?limit=1');
    const page = viaReply.json<{ results: { content: string }[]; next: string | null }>();
    expect(page.results.map((c) => c.content)).toEqual(['deeper']);
    const rest = await repliesRequest(t, fan, top.id, `?limit=1&before=${page.next}`);
    expect(rest.json<{ results: { content: string }[] }>().results[0]?.content).toBe('reply');
  });

  it('refuses a parent on another post or no parent at all', async () => {
    const { fan, post } = await openPost();
    const other = await openPost();
    const elsewhere = await writeComment(t, other.fan, other.post.id, 'elsewhere');
    for (const parent_id of [elsewhere.id, 999_999_999]) {
      const res = await commentRequest(t, fan, post.id, { content: 'hi', parent_id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ parent_id: ['There is no such comment on this post.'] });
    }
    expect(await storedCounts(t, post.id)).toEqual({ kept: 0, real: 0 });
  });
});

describe('bad input is a 4xx that names the problem', () => {
  it('refuses empty, blank, too long and non-text content, and accepts the limit', async () => {
    const { fan, post } = await openPost();
    const cases: [unknown, string][] = [
      [{}, 'The comment must be text.'],
      [{ content: '   \n ' }, 'Write something first.'],
      [
        { content: 'x'.repeat(COMMENT_MAX_LENGTH + 1) },
        'Comments can be at most 2000 characters long.',
      ],
      [{ content: 42 }, 'The comment must be text.'],
    ];
    for (const [body, message] of cases) {
      const res = await commentRequest(t, fan, post.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ content: [message] });
    }
    const longest = await commentRequest(t, fan, post.id, {
      content: 'x'.repeat(COMMENT_MAX_LENGTH),
    });
    expect(longest.statusCode).toBe(201);
  });

  it('refuses ids that are not ids, bad cursors and page sizes', async () => {
    const { fan, post } = await openPost();
    for (const parent_id of ['1', 1.5, true, 0, [1]]) {
      const res = await commentRequest(t, fan, post.id, { content: 'hi', parent_id });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json<{ fields: object }>().fields)).toEqual(['parent_id']);
    }
    expect((await listRequest(t, fan, 'abc')).statusCode).toBe(400);
    expect((await listRequest(t, fan, post.id, '?limit=0')).statusCode).toBe(400);
    expect((await listRequest(t, fan, post.id, '?limit=51')).statusCode).toBe(400);
    const badCursor = await listRequest(t, fan, post.id, '?before=nonsense');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({ before: ['before is not a valid cursor.'] });
    expect((await repliesRequest(t, fan, '1.0')).statusCode).toBe(400);
    expect((await listRequest(t, fan, 999_999_999)).statusCode).toBe(404);
    expect((await repliesRequest(t, fan, 999_999_999)).statusCode).toBe(404);
  });

  it('asks who is calling before anything else', async () => {
    const { post } = await openPost();
    const res = await t.request({
      method: 'POST',
      url: `/api/posts/${post.id}/comments/`,
      headers: { 'content-type': 'application/json' },
      payload: '{"content": 42}',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('editing and deleting', () => {
  it('lets only the writer edit, and marks the comment edited', async () => {
    const { author, fan, post } = await openPost();
    const comment = await writeComment(t, fan, post.id, 'typo');
    const byAuthor = await editRequest(t, author, comment.id, { content: 'hijacked' });
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.json()).toMatchObject({ detail: 'You can only edit your own comments.' });
    expect((await editRequest(t, fan, comment.id, { content: ' ' })).statusCode).toBe(400);
    const edited = await editRequest(t, fan, comment.id, { content: ' fixed ' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ content: 'fixed', edited_at: expect.any(String) });
    expect((await listComments(t, author, post.id)).results[0]?.content).toBe('fixed');
  });

  it('lets the writer and the post author delete, nobody else', async () => {
    const { author, fan, post } = await openPost();
    const stranger = await quickUser(t);
    const first = await writeComment(t, fan, post.id, 'one');
    const second = await writeComment(t, fan, post.id, 'two');
    const byStranger = await deleteRequest(t, stranger, first.id);
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json()).toMatchObject({
      detail: 'You can only delete your own comments, or any on your posts.',
    });
    expect((await deleteRequest(t, fan, first.id)).json()).toMatchObject({
      deleted: 1,
      comment_count: 1,
    });
    expect((await deleteRequest(t, author, second.id)).json()).toEqual({
      deleted: 1,
      comment_count: 0,
    });
    expect((await deleteRequest(t, author, second.id)).statusCode).toBe(404);
  });

  it('removes a top-level comment with its replies, and a reply alone, counts exact', async () => {
    const { author, fan, post } = await openPost();
    const top = await writeComment(t, fan, post.id, 'top');
    const keep = await writeComment(t, fan, post.id, 'keep');
    const replyA = await writeComment(t, author, post.id, 'a', keep.id);
    await writeComment(t, author, post.id, 'b', keep.id);
    await writeComment(t, author, post.id, 'c', top.id);
    const res = await deleteRequest(t, author, replyA.id);
    expect(res.json()).toEqual({ deleted: 1, comment_count: 4 });
    expect((await listComments(t, fan, post.id)).results.map((c) => c.reply_count)).toEqual([1, 1]);
    expect((await deleteRequest(t, fan, top.id)).json()).toEqual({ deleted: 2, comment_count: 2 });
    expect(await storedCounts(t, post.id)).toEqual({ kept: 2, real: 2 });
  });
});

describe('counts under parallel writes', () => {
  it('stay exact while comments, replies and deletes race', async () => {
    const { author, post } = await openPost();
    const fans = await Promise.all(Array.from({ length: 12 }, () => quickUser(t)));
    const doomed = await writeComment(t, author, post.id, 'doomed');
    const kept = await writeComment(t, author, post.id, 'kept');
    const results = await Promise.all([
      ...fans.map((fan) => commentRequest(t, fan, post.id, { content: 'top' })),
      ...fans.map((fan) => commentRequest(t, fan, post.id, { content: 'r', parent_id: doomed.id })),
      ...fans.map((fan) => commentRequest(t, fan, post.id, { content: 'r', parent_id: kept.id })),
      deleteRequest(t, author, doomed.id),
    ]);
    // Replies after the delete are refused as replies to nothing; nothing is a 5xx.
    for (const res of results) expect([200, 201, 400]).toContain(res.statusCode);
    expect(await storedCounts(t, post.id)).toEqual({ kept: 12 + 12 + 1, real: 25 });
    const { rows } = await t.pool.query<{ reply_count: number; real: number }>(
      `select reply_count, (select count(*)::int from post_comments r where r.parent_id = c.id) as real
       from post_comments c where c.id = $1`,
      [kept.id],
    );
    expect(rows[0]).toEqual({ reply_count: 12, real: 12 });
  });
});

describe('the author switch', () => {
  it('turns comments off: new ones are refused, the list says so, the author turns them on', async () => {
    const { author, fan, post } = await openPost();
    await writeComment(t, fan, post.id, 'before');
    const byFan = await settingsRequest(t, fan, post.id, { comments_enabled: false });
    expect(byFan.statusCode).toBe(403);
    expect(byFan.json()).toMatchObject({
      detail: 'Only the author of the post can turn its comments on or off.',
    });
    const bad = await settingsRequest(t, author, post.id, { comments_enabled: 'false' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      comments_enabled: ['comments_enabled must be true or false.'],
    });
    const off = await settingsRequest(t, author, post.id, { comments_enabled: false });
    expect(off.json()).toEqual({ comments_enabled: false, comment_count: 1 });
    const refused = await commentRequest(t, fan, post.id, { content: 'after' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ detail: 'Comments are turned off for this post.' });
    // The author is refused too: the switch is for everyone.
    expect((await commentRequest(t, author, post.id, { content: 'me' })).statusCode).toBe(403);
    const list = await listComments(t, fan, post.id);
    expect(list).toMatchObject({ comments_enabled: false, comment_count: 1 });
    expect(list.results).toHaveLength(1);
    await settingsRequest(t, author, post.id, { comments_enabled: true });
    expect((await commentRequest(t, fan, post.id, { content: 'again' })).statusCode).toBe(201);
  });
});

describe('the switch under racing writes', () => {
  it('refuses comments racing it with 403, never 5xx, and counts exactly those that got in', async () => {
    const { author, post } = await openPost();
    const fans = await Promise.all(Array.from({ length: 10 }, () => quickUser(t)));
    const [switched, ...written] = await Promise.all([
      settingsRequest(t, author, post.id, { comments_enabled: false }),
      ...fans.map((fan) => commentRequest(t, fan, post.id, { content: 'quick!' })),
    ]);
    expect(switched?.statusCode).toBe(200);
    const accepted = written.filter((res) => res.statusCode === 201).length;
    for (const res of written) expect([201, 403]).toContain(res.statusCode);
    expect(await storedCounts(t, post.id)).toEqual({ kept: accepted, real: accepted });
    expect(
      (await commentRequest(t, fans[0] ?? author, post.id, { content: 'late' })).statusCode,
    ).toBe(403);
  });
});

describe('the rate limit', () => {
  it('stops a user past 30 comments and edits a minute, with a clear message', async () => {
    const { fan, post } = await openPost();
    const first = await writeComment(t, fan, post.id, 'one');
    for (let i = 0; i < 28; i += 1) await writeComment(t, fan, post.id, `more ${i}`);
    expect((await editRequest(t, fan, first.id, { content: 'thirty' })).statusCode).toBe(200);
    const refused = await commentRequest(t, fan, post.id, { content: 'one too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toMatch(/^Too many comments\./);
    // Others are not held back by it.
    const other = await quickUser(t);
    expect((await commentRequest(t, other, post.id, { content: 'me too' })).statusCode).toBe(201);
  });
});

describe('an account deleted', () => {
  it('takes its comments and their threads, and the counts stay exact', async () => {
    const { author, fan, post } = await openPost();
    const leaving = await quickUser(t);
    const theirs = await writeComment(t, leaving, post.id, 'my thread');
    await writeComment(t, fan, post.id, 'reply in their thread', theirs.id);
    const fans = await writeComment(t, fan, post.id, 'fan thread');
    await writeComment(t, leaving, post.id, 'their reply', fans.id);
    await writeComment(t, author, post.id, 'author reply', fans.id);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/account/delete/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ password: leaving.password }),
      token: leaving.access,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedCounts(t, post.id)).toEqual({ kept: 2, real: 2 });
    const list = await listComments(t, fan, post.id);
    expect(list.results.map((c) => [c.content, c.reply_count])).toEqual([['fan thread', 1]]);
  });
});
