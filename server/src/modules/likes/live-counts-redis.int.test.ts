import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block } from '../../../test/blocks.ts';
import { buildPost, buildUser } from '../../../test/factories.ts';
import { buildSecondInstance, type SecondInstance } from '../../../test/second-instance.ts';
import { authedSocket, closeAllSockets, listen, sync } from '../../../test/sockets.ts';

/**
 * Live counts across instances: a like through one instance reaches the watching sockets of
 * another through Redis, and the other instance still sends only to those who may see the post.
 * CI sets TEST_REDIS_URL (redis://127.0.0.1:6379); this runs only then.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('post counts through Redis', () => {
  let first: TestApp;
  let second: SecondInstance;
  let wsOfSecond: string;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl as string };
    first = await buildTestApp(env);
    second = await buildSecondInstance(first, env);
    wsOfSecond = (await listen(second.app)).ws;
  });
  afterAll(async () => {
    await closeAllSockets();
    await second?.close();
    await first?.close();
  });

  it('reach a watcher on the other instance, and not a watcher the author blocked', async () => {
    const [author, watcher, blocked, liker] = [
      await buildUser(first),
      await buildUser(first),
      await buildUser(first),
      await buildUser(first),
    ];
    const post = await buildPost(first, author);
    await block(first, author, blocked);
    const watching = await authedSocket(wsOfSecond, watcher.access);
    const refused = await authedSocket(wsOfSecond, blocked.access);
    for (const socket of [watching, refused]) {
      socket.send({ type: 'watch_posts', post_ids: [post.id] });
      await sync(socket);
    }

    const since = watching.mark();
    const liked = await first.request({
      method: 'PUT',
      url: `/api/posts/${post.id}/like/`,
      token: liker.access,
    });
    expect(liked.statusCode).toBe(200);
    expect(await watching.waitForType('post_counts', since)).toEqual({
      type: 'post_counts',
      post_id: post.id,
      like_count: 1,
      comment_count: 0,
    });
    await sync(refused);
    expect(refused.frames.filter((f) => f.type === 'post_counts')).toEqual([]);
  });
});
