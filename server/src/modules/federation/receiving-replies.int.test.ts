import { type Activity, Create, Delete, Note, Tombstone, Update } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildCreator, makeAdmin } from '../../../test/economy.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { buildListeningApp, type RemoteServer, startRemoteServer } from './remote-server-kit.ts';

let t: TestApp;
let origin: string;
let remote: RemoteServer;
let creator: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  ({ t, origin } = await buildListeningApp());
  remote = await startRemoteServer();
  creator = await buildCreator(t, 0);
  viewer = await buildUser(t);
});

afterAll(async () => {
  await remote.close();
  await t.close();
});

const sharedInbox = () => `${origin}/ap/inbox`;
const noteOf = (postId: number) => new URL(`${origin}/ap/posts/${postId}`);
let notes = 0;
const noteId = (on = remote.origin) => new URL(`/notes/${(notes += 1)}`, on);

/** Delivers a signed activity to the shared inbox and waits until Fedify handled it. */
async function deliver(activity: Activity, signer = 'alice') {
  const res = await remote.post(sharedInbox(), activity, signer);
  expect(res.status).toBe(202);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await t.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM federation_messages',
    );
    if (rows[0]?.n === 0) return;
    if (Date.now() > deadline) throw new Error('The queue never drained');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A reply by a stand-in actor to `inReplyTo`, as Mastodon sends it (HTML content). */
function replyOf(inReplyTo: URL, content: string, by = 'alice', id = noteId()) {
  const note = new Note({
    id,
    attribution: remote.actor(by),
    replyTarget: inReplyTo,
    content,
    to: new URL('https://www.w3.org/ns/activitystreams#Public'),
  });
  return {
    note,
    create: new Create({
      id: new URL(`${id.href}/activity`),
      actor: remote.actor(by),
      object: note,
    }),
  };
}

type ListedComment = {
  id: number;
  parent_id: number | null;
  content: string;
  author: { id: number; username: string };
  remote_author?: { handle: string; profile_url: string } | null;
  can_delete: boolean;
};

async function commentsOf(postId: number, as = viewer) {
  const res = await t.request({ url: `/api/posts/${postId}/comments/`, token: as.access });
  expect(res.statusCode).toBe(200);
  return res.json<{ results: ListedComment[]; comment_count: number }>();
}

describe('replies from the fediverse', () => {
  it('makes a remote reply to a public post a comment, its HTML as text, with the handle', async () => {
    const postId = (await buildPost(t, creator, { content: 'Reply to me' })).id;
    const { create } = replyOf(
      noteOf(postId),
      '<p><span class="h-card"><a href="x">@luna</a></span> Nice <script>alert(1)</script><b>post</b>!</p>',
    );
    await deliver(create);
    await deliver(create);

    const page = await commentsOf(postId);
    expect(page.comment_count).toBe(1);
    const host = new URL(remote.origin).host;
    expect(page.results).toEqual([
      expect.objectContaining({
        parent_id: null,
        content: '@luna Nice post!',
        author: expect.objectContaining({ id: 0, username: `@alice@${host}` }),
        remote_author: expect.objectContaining({
          handle: `@alice@${host}`,
          profile_url: remote.actor('alice').href,
        }),
        can_delete: false,
      }),
    ]);
    // The creator may delete it on their post, as any comment.
    const own = await commentsOf(postId, creator);
    expect(own.results[0]?.can_delete).toBe(true);
    const post = await t.request({ url: `/api/posts/${postId}/`, token: viewer.access });
    expect(post.json()).toMatchObject({ comment_count: 1 });
  });

  it('threads a reply to a remote comment under it, and lets only its author edit or delete it', async () => {
    const postId = (await buildPost(t, creator, { content: 'Thread here' })).id;
    const first = replyOf(noteOf(postId), '<p>First</p>');
    await deliver(first.create);
    const second = replyOf(first.note.id ?? noteOf(postId), '<p>Second</p>', 'mallory');
    await deliver(second.create, 'mallory');
    const [top] = (await commentsOf(postId)).results;
    expect(top).toMatchObject({ content: 'First', parent_id: null });
    const { rows: replies } = await t.pool.query<{ content: string; parent_id: string }>(
      'SELECT content, parent_id FROM post_comments WHERE post_id = $1 AND parent_id IS NOT NULL',
      [postId],
    );
    expect(replies).toEqual([{ content: 'Second', parent_id: String(top?.id) }]);
    expect((await commentsOf(postId)).comment_count).toBe(2);

    // Mallory cannot edit or delete alice's comment.
    const forgedEdit = new Note({
      id: first.note.id,
      attribution: remote.actor('alice'),
      content: 'Hacked',
    });
    await deliver(
      new Update({ id: noteId(), actor: remote.actor('mallory'), object: forgedEdit }),
      'mallory',
    );
    await deliver(
      new Delete({ id: noteId(), actor: remote.actor('mallory'), object: first.note.id }),
      'mallory',
    );
    expect((await commentsOf(postId)).results[0]?.content).toBe('First');

    const edited = new Note({
      id: first.note.id,
      attribution: remote.actor('alice'),
      content: '<p>First, edited</p>',
    });
    await deliver(new Update({ id: noteId(), actor: remote.actor('alice'), object: edited }));
    expect((await commentsOf(postId)).results[0]?.content).toBe('First, edited');

    // A Delete of a Tombstone removes the comment and its replies, counted.
    await deliver(
      new Delete({
        id: noteId(),
        actor: remote.actor('alice'),
        object: new Tombstone({ id: first.note.id }),
      }),
    );
    const after = await commentsOf(postId);
    expect(after.results).toEqual([]);
    expect(after.comment_count).toBe(0);
  });

  it('drops a reply to a gated post, to a post with comments off, from a blocked actor or on another origin', async () => {
    const gated = (await buildPost(t, creator, { content: 'Locked', password: 'open sesame' })).id;
    await deliver(replyOf(noteOf(gated), 'To a gated post').create);
    const closed = (await buildPost(t, creator, { content: 'Closed' })).id;
    await t.pool.query('UPDATE posts SET comments_enabled = false WHERE id = $1', [closed]);
    await deliver(replyOf(noteOf(closed), 'Comments are off').create);
    const open = (await buildPost(t, creator, { content: 'Open' })).id;
    // The note's id is on another server than its actor's: alice cannot speak for it.
    await deliver(
      replyOf(noteOf(open), 'Forged', 'alice', noteId('https://elsewhere.example')).create,
    );
    await t.pool.query('INSERT INTO federation_actor_blocks (user_id, actor_id) VALUES ($1, $2)', [
      creator.id,
      remote.actor('mallory').href,
    ]);
    await deliver(replyOf(noteOf(open), 'From a blocked actor', 'mallory').create, 'mallory');

    const { rows } = await t.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM post_comments WHERE post_id = ANY($1)',
      [[gated, closed, open]],
    );
    expect(rows[0]?.n).toBe(0);
    const counts = await t.pool.query<{ comment_count: number }>(
      'SELECT comment_count FROM posts WHERE id = ANY($1)',
      [[gated, closed, open]],
    );
    expect(counts.rows.map((row) => row.comment_count)).toEqual([0, 0, 0]);
  });

  it('lets a local viewer report a remote comment and an admin remove it', async () => {
    const postId = (await buildPost(t, creator, { content: 'Report the reply' })).id;
    await deliver(replyOf(noteOf(postId), '<p>Buy cheap pills</p>').create);
    const [comment] = (await commentsOf(postId)).results;
    const report = await t.request({
      method: 'POST',
      url: '/api/reports/',
      token: viewer.access,
      payload: { target_type: 'comment', target_id: comment?.id, reason: 'spam' },
    });
    expect(report.statusCode).toBe(201);
    const admin = await buildUser(t);
    await makeAdmin(t, admin);
    const resolved = await t.request({
      method: 'POST',
      url: `/api/admin/reports/${report.json<{ id: number }>().id}/resolve/`,
      token: admin.access,
      payload: { action: 'remove_content', note: 'Spam from another server' },
    });
    expect(resolved.statusCode).toBe(200);
    const after = await commentsOf(postId);
    expect(after.results).toEqual([]);
    expect(after.comment_count).toBe(0);
  });

  it('sends no comment out, on a public post or a locked one, to a remote follower', async () => {
    await deliver(remote.followOf(`${origin}/ap/users/${creator.id}`));
    await remote.waitFor((r) => r.type === 'Accept');
    const publicPost = (await buildPost(t, creator, { content: 'Followed post' })).id;
    const locked = (await buildPost(t, creator, { content: 'Locked', password: 'open sesame' })).id;
    await remote.waitFor((r) => r.objectId === noteOf(publicPost).href);
    const secret = `Comment ${Math.random().toString(36).slice(2)}`;
    for (const postId of [publicPost, locked]) {
      const res = await t.request({
        method: 'POST',
        url: `/api/posts/${postId}/comments/`,
        token: creator.access,
        payload: { content: `${secret} on ${postId}` },
      });
      expect(res.statusCode).toBe(201);
    }
    // A later public post arrives: anything queued before it would have been sent too.
    const later = (await buildPost(t, creator, { content: 'Later post' })).id;
    await remote.waitFor((r) => r.objectId === noteOf(later).href);
    expect(JSON.stringify(remote.received)).not.toContain(secret);
    expect(remote.received.some((r) => r.objectId === noteOf(locked).href)).toBe(false);
  });
});
