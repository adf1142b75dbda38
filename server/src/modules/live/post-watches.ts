import type { WebSocket } from 'ws';
import { WATCH_POSTS_MAX } from '@zura/contracts';

/** Which of `userIds` may see the post now (its author not hidden from them, the post listed). */
export type PostAudience = (postId: number, userIds: number[]) => Promise<Set<number>>;

/**
 * The posts each socket has on screen (`watch_posts`), and the sockets watching each post, on
 * this instance. A socket's new list replaces its old one; at most WATCH_POSTS_MAX ids are kept.
 * What may be sent is decided when a count changes, not when watching starts, so a block, a
 * suspension or a lock made after a feed was opened stops the frames at once.
 */
export function createPostWatches() {
  const watchers = new Map<number, Set<WebSocket>>();
  const watchedBy = new WeakMap<WebSocket, number[]>();

  function unwatch(socket: WebSocket) {
    for (const postId of watchedBy.get(socket) ?? []) {
      const set = watchers.get(postId);
      set?.delete(socket);
      if (set?.size === 0) watchers.delete(postId);
    }
    watchedBy.delete(socket);
  }

  return {
    watch(socket: WebSocket, postIds: readonly number[]) {
      unwatch(socket);
      const ids = [...new Set(postIds)].slice(0, WATCH_POSTS_MAX);
      watchedBy.set(socket, ids);
      for (const postId of ids) {
        const set = watchers.get(postId) ?? new Set<WebSocket>();
        set.add(socket);
        watchers.set(postId, set);
      }
    },
    unwatch,
    /** The sockets watching the post now (a copy: sending may close some). */
    watchersOf(postId: number): WebSocket[] {
      return [...(watchers.get(postId) ?? [])];
    },
    watchedPosts: () => watchers.size,
    clear: () => watchers.clear(),
  };
}
