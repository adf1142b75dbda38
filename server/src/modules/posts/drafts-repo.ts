import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { posts } from '../../db/schema/index.ts';
import type { PostCursor } from './cursor.ts';

/** An author's draft ids, newest first, on the `posts_author_drafts_idx` index. */
export async function listDraftIds(
  db: Executor,
  authorId: number,
  cursor: PostCursor | undefined,
  limit: number,
): Promise<number[]> {
  const past = cursor
    ? or(
        lt(posts.createdAt, cursor.createdAt),
        and(eq(posts.createdAt, cursor.createdAt), lt(posts.id, cursor.id)),
      )
    : undefined;
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.authorId, authorId), eq(posts.isDraft, true), past))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The author's own post, draft or published, or undefined: whose it is decides the answer. */
export async function findOwnPost(db: Executor, authorId: number, postId: number) {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.authorId, authorId)))
    .limit(1);
  return row;
}

/** New text or visible mark for an own post; its place in feeds (created_at) stays. */
export async function updateOwnPost(
  db: Executor,
  authorId: number,
  postId: number,
  values: Pick<Partial<typeof posts.$inferInsert>, 'content' | 'visibleMark'>,
) {
  const [row] = await db
    .update(posts)
    .set(values)
    .where(and(eq(posts.id, postId), eq(posts.authorId, authorId)))
    .returning({ id: posts.id });
  return row;
}

/**
 * Publishes an own draft: it becomes a post made now, so it goes on top of the feeds. One
 * conditional update, so two publishes at once publish it once and the second finds none. A
 * scheduled draft published now leaves the queue (`publish_at` is for drafts only).
 */
export async function publishOwnDraft(db: Executor, authorId: number, postId: number) {
  const [row] = await db
    .update(posts)
    .set({ isDraft: false, publishAt: null, createdAt: sql`now()` })
    .where(and(eq(posts.id, postId), eq(posts.authorId, authorId), eq(posts.isDraft, true)))
    .returning({ id: posts.id });
  return row;
}
