import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { notifications, postLikes, posts } from '../../db/schema/index.ts';
import { type PostCursor, selectPostsFor } from '../posts/index.ts';

/** Records the like; false when the viewer already liked the post (parallel clicks count once). */
export async function insertLike(tx: Executor, postId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .insert(postLikes)
    .values({ postId, userId })
    .onConflictDoNothing()
    .returning({ postId: postLikes.postId });
  return rows.length > 0;
}

/** Removes the like; false when there was none. */
export async function deleteLike(tx: Executor, postId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
    .returning({ postId: postLikes.postId });
  return rows.length > 0;
}

/**
 * Moves the post's kept count by one, in the transaction that inserted or deleted the like row.
 * The update also locks the post's row until commit, which orders the like notice's
 * read-then-write per post.
 */
export async function moveLikeCount(tx: Executor, postId: number, delta: 1 | -1) {
  const [row] = await tx
    .update(posts)
    .set({ likeCount: sql`${posts.likeCount} + ${delta}` })
    .where(eq(posts.id, postId))
    .returning({ likeCount: posts.likeCount });
  return row?.likeCount ?? 0;
}

export async function likeCountOf(db: Executor, postId: number): Promise<number> {
  const [row] = await db
    .select({ likeCount: posts.likeCount })
    .from(posts)
    .where(eq(posts.id, postId));
  return row?.likeCount ?? 0;
}

/** A post's kept counts, for the live frame; undefined once the post is gone. */
export async function countsOf(db: Executor, postId: number) {
  const [row] = await db
    .select({ likeCount: posts.likeCount, commentCount: posts.commentCount })
    .from(posts)
    .where(eq(posts.id, postId));
  return row;
}

/** The author's unread like notice of this post, the one a new like updates in place. */
export async function findUnreadLikeNotice(tx: Executor, authorId: number, postId: number) {
  const [row] = await tx
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, authorId),
        // Written as notifications_unread_type_idx is, so only unread rows of the type are read.
        sql`not ${notifications.isRead} and ${notifications.type} = 'like'`,
        sql`${notifications.data}->>'post_id' = ${String(postId)}`,
      ),
    )
    .limit(1);
  return row;
}

export async function updateNotice(
  tx: Executor,
  id: number,
  values: { data: Record<string, unknown> },
) {
  const [row] = await tx
    .update(notifications)
    .set(values)
    .where(eq(notifications.id, id))
    .returning();
  return row;
}

/**
 * Whether the post exists for `viewer` (a column or value): not a draft (not even for its
 * author: a draft is in no feed), published to others (no video still processing) and by an author not hidden from them (no block either way, not suspended, a
 * profile that is open or unlocked). Content gating (subscription, password) is not part of it:
 * liking, counts and "posts I liked" need the post to be listed, not opened.
 */
function postListedFor(viewer: SQL): SQL {
  return sql`(not p.is_draft and (
    p.author_id = ${viewer} or (
      a.suspended_at is null
      and not exists (select 1 from blocks b
        where (b.blocker_id = ${viewer} and b.blocked_id = a.id)
           or (b.blocked_id = ${viewer} and b.blocker_id = a.id))
      and (not a.is_profile_locked or exists (select 1 from profile_unlocks pu
        where pu.profile_id = a.id and pu.viewer_id = ${viewer})
        or exists (select 1 from subscriptions s
          where s.creator_id = a.id and s.fan_id = ${viewer} and s.status = 'active'))
      and (p.video_id is null or exists (select 1 from uploads v
        where v.id = p.video_id and (v.video_state is null or v.video_state = 'ready')))
    )))`;
}

/** Which of `userIds` the post is listed for: one query, for a live count's watchers. */
export async function usersSeeingPost(
  db: Database,
  postId: number,
  userIds: number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await executePrepared<{ id: string }>(
    db,
    'likes_users_seeing_post',
    sql`select u.id from unnest(${sql.param(userIds)}::bigint[]) u(id)
      join posts p on p.id = ${postId}
      join users a on a.id = p.author_id
      where ${postListedFor(sql`u.id`)}`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * One page of the posts the viewer liked that are still listed for them, newest like first,
 * keyset-paged over (liked at, post id) on `post_likes_user_created_idx`. Answers the likes in
 * order; the posts are read by `likedPostRows`.
 */
export async function likedPage(
  db: Database,
  viewerId: number,
  cursor: PostCursor | undefined,
  limit: number,
) {
  const viewer = sql`${sql.param(viewerId)}::bigint`;
  const past = cursor
    ? sql`and (l.created_at, l.post_id) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::bigint)`
    : sql``;
  const rows = await db.execute<{ post_id: string; created_at: string }>(
    sql`select l.post_id, l.created_at from post_likes l
      join posts p on p.id = l.post_id
      join users a on a.id = p.author_id
      where l.user_id = ${viewer} ${past} and ${postListedFor(viewer)}
      order by l.created_at desc, l.post_id desc
      limit ${limit}`,
  );
  return rows.rows.map((row) => ({
    postId: Number(row.post_id),
    likedAt: new Date(row.created_at),
  }));
}

/** The posts of a liked page, with what every feed reads; in no particular order. */
export function likedPostRows(db: Executor, viewerId: number, postIds: number[]) {
  return selectPostsFor(db, viewerId).where(inArray(posts.id, postIds)).orderBy(desc(posts.id));
}
