import { renderNotice, type NoticeKind } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block } from '../../../test/blocks.ts';
import {
  commentRequest,
  deleteRequest,
  editRequest,
  listComments,
  listRequest,
  repliesRequest,
  writeComment,
} from '../../../test/comments.ts';
import { buildCreator, quickUser, subscribe, topUp } from '../../../test/economy.ts';
import { buildPost, type TestUser } from '../../../test/factories.ts';
import { authedSocket, closeAllSockets, listen } from '../../../test/sockets.ts';

/**
 * Who may read and write a post's comments (exactly who may see its content), whose comments a
 * viewer is shown, and who hears of a comment: the post's author, the replied-to writer and the
 * people mentioned, each only if they can see the post and are not in a block with the writer.
 */
let t: TestApp;
let ws: string;
beforeAll(async () => {
  t = await buildTestApp();
  ws = (await listen(t.app)).ws;
});
afterAll(async () => {
  await closeAllSockets();
  await t.close();
});

/** Every way of touching a post's comments, with its status for this viewer. */
async function statuses(viewer: TestUser, postId: number, commentId: number) {
  return {
    list: (await listRequest(t, viewer, postId)).statusCode,
    write: (await commentRequest(t, viewer, postId, { content: 'let me in' })).statusCode,
    replies: (await repliesRequest(t, viewer, commentId)).statusCode,
    reply: (await commentRequest(t, viewer, postId, { content: 'x', parent_id: commentId }))
      .statusCode,
  };
}

const refused = (status: number) => ({
  list: status,
  write: status,
  replies: status,
  reply: status,
});

async function notificationsOf(user: TestUser) {
  const { rows } = await t.pool.query<{ kind: NoticeKind; data: Record<string, unknown> }>(
    `select kind, data from notifications where user_id = $1 and type = 'comment' order by id`,
    [user.id],
  );
  // The row keeps the facts; the sentence is what the reader's client writes from them.
  return rows.map((row) => ({ ...renderNotice(row.kind, row.data, 'en'), data: row.data }));
}

describe('comments are for those who can see the post', () => {
  it('on a subscriber-only post: subscribers only, others told to subscribe', async () => {
    const creator = await buildCreator(t, 500);
    const post = await buildPost(t, creator, { content: 'for subscribers' });
    const comment = await writeComment(t, creator, post.id, 'welcome, subscribers');
    const outsider = await quickUser(t);
    expect(await statuses(outsider, post.id, comment.id)).toEqual(refused(403));
    const res = await listRequest(t, outsider, post.id);
    expect(res.json()).toMatchObject({
      detail: 'Subscribe to this creator to see and write comments on their posts.',
    });
    expect(res.body).not.toContain('welcome, subscribers');
    const fan = await quickUser(t);
    await topUp(t, fan, '10');
    expect((await subscribe(t, fan, creator)).statusCode).toBe(201);
    const list = await listComments(t, fan, post.id);
    expect(list.results.map((c) => c.content)).toEqual(['welcome, subscribers']);
    expect((await commentRequest(t, fan, post.id, { content: 'glad to be here' })).statusCode).toBe(
      201,
    );
  });

  it('on a password post: only after unlocking it', async () => {
    const author = await quickUser(t);
    const post = await buildPost(t, author, { content: 'secret', password: 'open sesame' });
    const comment = await writeComment(t, author, post.id, 'psst');
    const viewer = await quickUser(t);
    expect(await statuses(viewer, post.id, comment.id)).toEqual(refused(403));
    expect((await listRequest(t, viewer, post.id)).json()).toMatchObject({
      detail: 'Unlock this post to see and write comments.',
    });
    const unlocked = await t.request({
      method: 'POST',
      url: `/api/posts/${post.id}/unlock/`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ password: 'open sesame' }),
      token: viewer.access,
    });
    expect(unlocked.statusCode).toBe(200);
    expect((await listComments(t, viewer, post.id)).results.map((c) => c.content)).toEqual([
      'psst',
    ]);
  });

  it('on a locked profile, a draft, or a blocked author: as if the post did not exist', async () => {
    const viewer = await quickUser(t);
    const cases: [string, (author: TestUser, postId: number) => Promise<unknown>][] = [
      [
        'locked profile',
        (author) =>
          t.pool.query('update users set is_profile_locked = true where id = $1', [author.id]),
      ],
      [
        'draft',
        (_, postId) => t.pool.query('update posts set is_draft = true where id = $1', [postId]),
      ],
      ['author blocked the viewer', (author) => block(t, author, viewer)],
      ['viewer blocked the author', (author) => block(t, viewer, author)],
      [
        'author suspended',
        (author) =>
          t.pool.query('update users set suspended_at = now() where id = $1', [author.id]),
      ],
    ];
    for (const [name, hide] of cases) {
      const author = await quickUser(t);
      const post = await buildPost(t, author, { content: name });
      const comment = await writeComment(t, author, post.id, 'hello');
      await hide(author, post.id);
      expect(await statuses(viewer, post.id, comment.id), name).toEqual(refused(404));
      expect((await editRequest(t, viewer, comment.id, { content: 'x' })).statusCode, name).toBe(
        404,
      );
      expect((await deleteRequest(t, viewer, comment.id)).statusCode, name).toBe(404);
    }
  });

  it('loses access when the subscription that gave it ends', async () => {
    const creator = await buildCreator(t, 500);
    const post = await buildPost(t, creator, { content: 'members' });
    const fan = await quickUser(t);
    await topUp(t, fan, '10');
    await subscribe(t, fan, creator);
    const mine = await writeComment(t, fan, post.id, 'mine');
    await t.pool.query(`update subscriptions set status = 'expired' where fan_id = $1`, [fan.id]);
    expect((await listRequest(t, fan, post.id)).statusCode).toBe(403);
    expect((await editRequest(t, fan, mine.id, { content: 'edit' })).statusCode).toBe(403);
  });
});

describe('whose comments a viewer sees', () => {
  it('hides comments by people in a block with the viewer, and by suspended users', async () => {
    const author = await quickUser(t);
    const post = await buildPost(t, author, { content: 'open to all' });
    const [viewer, blockedByViewer, blockerOfViewer, suspended, friend] = await Promise.all([
      quickUser(t),
      quickUser(t),
      quickUser(t),
      quickUser(t),
      quickUser(t),
    ]);
    const friendly = await writeComment(t, friend, post.id, 'friend');
    await writeComment(t, blockedByViewer, post.id, 'blocked by viewer');
    await writeComment(t, blockerOfViewer, post.id, 'blocker of viewer');
    await writeComment(t, suspended, post.id, 'suspended');
    const hiddenReply = await writeComment(
      t,
      blockedByViewer,
      post.id,
      'hidden reply',
      friendly.id,
    );
    await writeComment(t, friend, post.id, 'visible reply', friendly.id);
    await block(t, viewer, blockedByViewer);
    await block(t, blockerOfViewer, viewer);
    await t.pool.query('update users set suspended_at = now() where id = $1', [suspended.id]);

    const page = await listComments(t, viewer, post.id, '?limit=3');
    // Filtered before the limit: three visible comments would fill the page; there is one.
    expect(page.results.map((c) => c.content)).toEqual(['friend']);
    expect(page.next).toBeNull();
    const replies = await repliesRequest(t, viewer, friendly.id);
    expect(
      replies.json<{ results: { content: string }[] }>().results.map((c) => c.content),
    ).toEqual(['visible reply']);
    // A hidden comment cannot be replied to, edited or deleted through its id either.
    const reply = await commentRequest(t, viewer, post.id, {
      content: 'x',
      parent_id: hiddenReply.id,
    });
    expect(reply.statusCode).toBe(400);
    expect((await repliesRequest(t, viewer, hiddenReply.id)).statusCode).toBe(404);
    // The post's author, in no block, sees them all but the suspended one.
    const all = await listComments(t, author, post.id);
    expect(all.results.map((c) => c.content).sort()).toEqual(
      ['blocked by viewer', 'blocker of viewer', 'friend'].sort(),
    );
  });
});

describe('who hears of a comment', () => {
  it('tells the post author live, and everyone mentioned who can see the post, once', async () => {
    const creator = await buildCreator(t, 500);
    const post = await buildPost(t, creator, { content: 'members only' });
    const [fan, friend, outsider, blocker, replied] = await Promise.all([
      quickUser(t),
      quickUser(t),
      quickUser(t),
      quickUser(t),
      quickUser(t),
    ]);
    for (const member of [fan, friend, blocker, replied]) {
      await topUp(t, member, '10');
      expect((await subscribe(t, member, creator)).statusCode).toBe(201);
    }
    await block(t, blocker, fan);
    const earlier = await writeComment(t, replied, post.id, 'first');
    const socket = await authedSocket(ws, creator.access);
    const since = socket.mark();
    const text = `@${friend.username} look! @${friend.username.toUpperCase()} twice, @${outsider.username}, @${blocker.username}, @nobody_here, mail@${friend.username}.com`;
    await writeComment(t, fan, post.id, text, earlier.id);

    const frame = await socket.waitForType('notification', since);
    expect(frame.notification).toMatchObject({
      notification_type: 'comment',
      title: 'New comment',
      data: { post_id: post.id, sender_id: fan.id, sender_username: fan.username },
    });
    // One for each comment: the earlier one and this one.
    expect((await notificationsOf(creator)).map((row) => row.data)).toEqual([
      expect.objectContaining({ sender_id: replied.id }),
      expect.objectContaining({ sender_id: fan.id, comment_id: expect.any(Number) }),
    ]);
    expect(await notificationsOf(friend)).toEqual([
      expect.objectContaining({
        title: 'New mention',
        message: expect.stringContaining(`${fan.username} mentioned you in a comment`),
      }),
    ]);
    expect(await notificationsOf(replied)).toEqual([
      expect.objectContaining({ title: 'New reply' }),
    ]);
    // Not a subscriber: cannot see the post. Blocked the writer: hears nothing from them.
    expect(await notificationsOf(outsider)).toEqual([]);
    expect(await notificationsOf(blocker)).toEqual([]);
  });

  it('does not tell authors of their own comments', async () => {
    const author = await quickUser(t);
    const post = await buildPost(t, author, { content: 'mine' });
    await writeComment(t, author, post.id, `note to self @${author.username}`);
    expect(await notificationsOf(author)).toEqual([]);
  });
});
