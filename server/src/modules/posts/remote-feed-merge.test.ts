import type { PresentedPost } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { type RemoteFeedSource, withRemotePosts } from './remote-feed-merge.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 11, 7, 10, minute)).toISOString();
const post = (id: number, minute: number, remote = false) =>
  ({ id, created_at: at(minute), ...(remote ? { origin: {} } : {}) }) as PresentedPost;

function source(posts: PresentedPost[], more = false): RemoteFeedSource {
  return { followsRemote: () => true, page: () => Promise.resolve({ posts, more }) };
}

describe('remote posts merged into a home feed page', () => {
  it('merges by time, newest first, and cuts to the page size', async () => {
    const local = { posts: [post(1, 50), post(2, 30)], nextCursor: undefined };
    const page = await withRemotePosts(
      local,
      source([post(9, 40, true), post(8, 10, true)]),
      1,
      undefined,
      3,
    );
    expect(page.posts.map((p) => p.id)).toEqual([1, 9, 2]);
    expect(decodeCursor(page.nextCursor ?? '')).toEqual({ createdAt: new Date(at(30)), id: 2 });
  });

  it('keeps a remote post older than where the local page stopped for a later page', async () => {
    const stop = encodeCursor({ createdAt: new Date(at(30)), id: 2 });
    const local = { posts: [post(1, 50), post(2, 30)], nextCursor: stop };
    const page = await withRemotePosts(
      local,
      source([post(9, 40, true), post(8, 10, true)]),
      1,
      undefined,
      5,
    );
    expect(page.posts.map((p) => p.id)).toEqual([1, 9, 2]);
    // The local page's own stop: the local posts between 10:30 and 10:10 are read next.
    expect(page.nextCursor).toBe(stop);
  });

  it('goes on past the last local post while remote ones remain', async () => {
    const local = { posts: [post(1, 50)], nextCursor: undefined };
    const page = await withRemotePosts(local, source([post(9, 40, true)], true), 1, undefined, 5);
    expect(page.posts.map((p) => p.id)).toEqual([1, 9]);
    expect(decodeCursor(page.nextCursor ?? '')).toEqual({ createdAt: new Date(at(40)), id: 9 });
  });

  it('answers the local page itself when there is nothing remote', async () => {
    const local = { posts: [post(1, 50)], nextCursor: undefined };
    expect(await withRemotePosts(local, source([]), 1, undefined, 5)).toBe(local);
  });
});
