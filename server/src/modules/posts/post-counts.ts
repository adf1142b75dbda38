import type { ChangeNotices } from '../../db/change-notices.ts';

type Counts = { likeCount: number; commentCount: number };

/** Posts whose counts are remembered at most; past it they are forgotten with the kept feeds. */
const MAX_POSTS = 100_000;

/**
 * The like and comment counts of posts as last committed, heard from the database's notices
 * (migration 0037; PostgreSQL delivers them in commit order), so kept rows, read before a like,
 * show the count after it without asking. Only what changed since the kept feeds were read is
 * here: a `feed` or `reset` notice drops both the kept feeds and these. Past the bound, both are
 * dropped on this instance, so no kept row is left with a count older than its last change.
 */
export function createPostCounts(notices: ChangeNotices) {
  const counts = new Map<number, Counts>();
  notices.subscribe((notice) => {
    if (notice.kind === 'post_counts') {
      if (counts.size >= MAX_POSTS && !counts.has(notice.postId)) {
        notices.announce({ kind: 'feed' });
      }
      counts.set(notice.postId, { likeCount: notice.likeCount, commentCount: notice.commentCount });
    } else if (notice.kind === 'feed' || notice.kind === 'reset') {
      counts.clear();
    }
  });
  return {
    /** The post's counts if they changed since the kept rows were read. */
    get: (postId: number): Counts | undefined => counts.get(postId),
  };
}

export type PostCounts = ReturnType<typeof createPostCounts>;
