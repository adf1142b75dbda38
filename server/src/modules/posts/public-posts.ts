import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { postMedia, posts, uploads, users } from '../../db/schema/index.ts';
import { NOBODY } from '../users/index.ts';
import type { PostCursor } from './cursor.ts';
import { isPostFullyPublic } from './policy.ts';
import { selectPostsFor } from './repo.ts';

/** A video that others may not see yet (processing, failed): as `isVideoPublished` says. */
const unplayable = (upload: SQL) =>
  sql`${upload}.video_state is not null and ${upload}.video_state <> 'ready'`;

/**
 * `isPostFullyPublic` as a condition over `posts` joined with its author in `users`, so a list
 * is filtered before its limit and a count counts the same posts. Keep the two in step: the
 * lists below also check each row with `isPostFullyPublic`, so a post this let through by
 * mistake would still be left out (and a page be short), never sent.
 */
const fullyPublicPostSql = sql`(not ${posts.isDraft} and ${posts.publishAt} is null
  and not ${posts.isLocked} and ${posts.passwordHash} is null and ${posts.priceCents} is null
  and not (${users.isCreator} and ${users.subscriptionPriceCents} > 0)
  and ${users.suspendedAt} is null and not ${users.isProfileLocked}
  and not exists (select 1 from ${uploads} v where v.id = ${posts.videoId} and ${unplayable(sql`v`)})
  and not exists (select 1 from ${postMedia} pm join ${uploads} f on f.id = pm.upload_id
    where pm.post_id = ${posts.id} and pm.kind = 'video' and ${unplayable(sql`f`)}))`;

/**
 * One author's fully public posts, newest first, `limit` at most, before the keyset cursor.
 * `next` is where the next page starts (the last row read, even one left out), when the page
 * was full; none past the last page.
 */
export async function listFullyPublicPosts(
  db: Database,
  author: { id: number; suspendedAt: Date | null; isProfileLocked: boolean },
  cursor: PostCursor | undefined,
  limit: number,
) {
  const rows = await selectPostsFor(db, NOBODY)
    .where(
      and(
        eq(posts.authorId, author.id),
        fullyPublicPostSql,
        cursor
          ? sql`(${posts.createdAt}, ${posts.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
  const last = rows.length === limit ? rows.at(-1) : undefined;
  return {
    posts: rows.filter((row) => isPostFullyPublic(row, author)),
    next: last && { createdAt: last.post.createdAt, id: last.post.id },
  };
}

/** How many fully public posts one author (or, without one, everyone) has. */
export async function countFullyPublicPosts(db: Database, authorId?: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(
      and(fullyPublicPostSql, authorId === undefined ? undefined : eq(posts.authorId, authorId)),
    );
  return row?.count ?? 0;
}

/** One fully public post by its id, with its author's facts; undefined for any other post. */
export async function findFullyPublicPost(db: Database, postId: number) {
  const [row] = await selectPostsFor(db, NOBODY)
    .where(and(eq(posts.id, postId), fullyPublicPostSql))
    .limit(1);
  if (!row) return undefined;
  const [author] = await db
    .select({ suspendedAt: users.suspendedAt, isProfileLocked: users.isProfileLocked })
    .from(users)
    .where(eq(users.id, row.post.authorId));
  return author && isPostFullyPublic(row, author) ? row : undefined;
}
