import { WATCH_POSTS_MAX } from '@zura/contracts';
import { useEffect, useId } from 'react';
import { useLive } from '../../../lib/live/LiveProvider';

/** The ids each mounted list has on screen; the socket is told their union. */
const shown = new Map<string, readonly number[]>();

function watchedIds(): number[] {
  const all = new Set<number>();
  for (const ids of shown.values()) for (const id of ids) all.add(id);
  return [...all].slice(0, WATCH_POSTS_MAX);
}

/**
 * Tells the notification socket which posts this list shows, so their like and comment counts
 * arrive live (`post_counts`). Sent again whenever the list changes or the socket comes back
 * (a new socket watches nothing); the server sends only counts of posts the viewer may see.
 */
export function useWatchPosts(postIds: readonly number[]) {
  const key = useId();
  const { status, send } = useLive();
  const signature = postIds.join(',');
  useEffect(() => {
    shown.set(key, signature ? signature.split(',').map(Number) : []);
    if (status === 'open') send({ type: 'watch_posts', post_ids: watchedIds() });
    return () => {
      shown.delete(key);
    };
  }, [key, signature, status, send]);
}
