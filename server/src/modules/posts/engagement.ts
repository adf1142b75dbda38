import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';

export type Engagement = { likeCount: number; commentCount: number; likedByMe: boolean };

/**
 * The current counts of these posts and whether the viewer likes each: the part of a page read
 * from kept rows (shared by every viewer, and kept across likes) that is the viewer's or moves
 * often. One prepared statement of primary-key lookups; counts are read from the posts' columns,
 * never counted.
 */
export async function engagementOf(
  db: Database,
  viewerId: number,
  postIds: number[],
): Promise<Map<number, Engagement>> {
  if (postIds.length === 0) return new Map();
  const rows = await executePrepared<{
    id: string;
    like_count: number;
    comment_count: number;
    liked: boolean;
  }>(
    db,
    'feed_viewer_engagement',
    sql`select p.id, p.like_count, p.comment_count, exists (
        select 1 from post_likes l where l.post_id = p.id and l.user_id = ${viewerId}
      ) as liked
      from posts p where p.id = any(${sql.param(postIds)}::bigint[])`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { likeCount: row.like_count, commentCount: row.comment_count, likedByMe: row.liked },
    ]),
  );
}
