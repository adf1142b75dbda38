import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block } from '../../../test/blocks.ts';
import { buildPost, buildUser } from '../../../test/factories.ts';
import { authedSocket, closeAllSockets, listen, sync } from '../../../test/sockets.ts';

/** Live counts: a socket watching a post hears its new counts, unless it may not see the post. */
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

describe('watch_posts and post_counts frames', () => {
  it('sends new counts to the sockets watching the post that may see it, and to no one else', async () => {
    const [author, watcher, blocked, elsewhere, liker] = await Promise.all([
      buildUser(t),
      buildUser(t),
      buildUser(t),
      buildUser(t),
      buildUser(t),
    ]);
    const post = await buildPost(t, author);
    const otherPost = await buildPost(t, author);
    await block(t, author, blocked);

    const watching = await authedSocket(ws, watcher.access);
    const refused = await authedSocket(ws, blocked.access);
    const unrelated = await authedSocket(ws, elsewhere.access);
    watching.send({ type: 'watch_posts', post_ids: [post.id, otherPost.id] });
    refused.send({ type: 'watch_posts', post_ids: [post.id] });
    unrelated.send({ type: 'watch_posts', post_ids: [otherPost.id] });
    await Promise.all([sync(watching), sync(refused), sync(unrelated)]);

    const since = watching.mark();
    const liked = await t.request({
      method: 'PUT',
      url: `/api/posts/${post.id}/like/`,
      token: liker.access,
    });
    expect(liked.statusCode).toBe(200);
    const frame = await watching.waitForType('post_counts', since);
    expect(frame).toEqual({
      type: 'post_counts',
      post_id: post.id,
      like_count: 1,
      comment_count: 0,
    });
    // One audience check decides every watcher of a frame: once one has it, the rest were decided.
    await Promise.all([sync(refused), sync(unrelated)]);
    expect(refused.frames.filter((f) => f.type === 'post_counts')).toEqual([]);
    expect(unrelated.frames.filter((f) => f.type === 'post_counts')).toEqual([]);

    // A new list replaces the old one.
    watching.send({ type: 'watch_posts', post_ids: [otherPost.id] });
    await sync(watching);
    const later = watching.mark();
    await t.request({ method: 'DELETE', url: `/api/posts/${post.id}/like/`, token: liker.access });
    await t.request({
      method: 'PUT',
      url: `/api/posts/${otherPost.id}/like/`,
      token: liker.access,
    });
    const next = await watching.waitForType('post_counts', later);
    expect(next).toMatchObject({ post_id: otherPost.id, like_count: 1 });
    expect(watching.frames.slice(later).filter((f) => f.post_id === post.id)).toEqual([]);
  });

  it('answers an error frame for a list over the limit or ids that are not ids', async () => {
    const user = await buildUser(t);
    const socket = await authedSocket(ws, user.access);
    const since = socket.mark();
    socket.send({ type: 'watch_posts', post_ids: ['1'] });
    expect(await socket.waitForType('error', since)).toMatchObject({
      detail: 'Unknown or malformed frame.',
    });
    const again = socket.mark();
    socket.send({ type: 'watch_posts', post_ids: Array.from({ length: 201 }, (_, i) => i + 1) });
    expect(await socket.waitForType('error', again)).toMatchObject({
      detail: 'Unknown or malformed frame.',
    });
  });
});
