import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { posts } from '../../db/schema/index.ts';

/** The longest queue one answer lists; a creator plans weeks, not thousands of posts. */
const SCHEDULED_LIST_LIMIT = 500;

/** Sets or clears when an own draft is published; answers nothing for a published post. */
export async function setOwnDraftSchedule(
  db: Executor,
  authorId: number,
  postId: number,
  publishAt: Date | null,
) {
  const [row] = await db
    .update(posts)
    .set({ publishAt })
    .where(and(eq(posts.id, postId), eq(posts.authorId, authorId), eq(posts.isDraft, true)))
    .returning({ id: posts.id });
  return row;
}

/** An author's scheduled drafts, soonest first (the `posts_publish_at_idx` partial index). */
export async function listScheduled(db: Executor, authorId: number) {
  return db
    .select({ id: posts.id, publishAt: posts.publishAt })
    .from(posts)
    .where(and(eq(posts.authorId, authorId), isNotNull(posts.publishAt)))
    .orderBy(asc(posts.publishAt), asc(posts.id))
    .limit(SCHEDULED_LIST_LIMIT);
}

/** When each of an author's drafts is due, by post id (null: not scheduled). */
export async function publishTimesOf(db: Executor, authorId: number, postIds: number[]) {
  if (postIds.length === 0) return new Map<number, Date | null>();
  const rows = await db
    .select({ id: posts.id, publishAt: posts.publishAt })
    .from(posts)
    .where(and(eq(posts.authorId, authorId), inArray(posts.id, postIds)));
  return new Map(rows.map((row) => [row.id, row.publishAt]));
}

/**
 * Publishes every due draft in one conditional update: a row matches only while it is still a
 * scheduled draft, so two runs at once (two instances, a restart mid-run) publish each post
 * once and the later run finds none. The post becomes a post made now, on top of the feeds as
 * a post published by hand is; a page already read past it would otherwise never show it.
 */
export async function publishDueDrafts(db: Executor) {
  return db
    .update(posts)
    .set({ isDraft: false, publishAt: null, createdAt: sql`now()` })
    .where(and(eq(posts.isDraft, true), sql`${posts.publishAt} <= now()`))
    .returning({ id: posts.id, authorId: posts.authorId });
}
