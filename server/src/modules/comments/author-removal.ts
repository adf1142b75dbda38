import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * Deletes every comment of an account that is going (with the replies under its top-level
 * comments) and keeps the counts of the posts and comments that stay exact: the foreign key's
 * cascade would delete the rows but leave the counts behind. Top-level comments are locked
 * first, as a reply and a delete lock them, so nothing races in between.
 */
export async function deleteCommentsOfAuthor(tx: Executor, authorId: number): Promise<void> {
  await tx.execute(sql`
    select id from post_comments
    where (author_id = ${authorId} and parent_id is null)
       or id in (select parent_id from post_comments where author_id = ${authorId})
    order by id
    for update`);
  const gone = await tx.execute<{ id: string; post_id: string; parent_id: string | null }>(sql`
    delete from post_comments
    where author_id = ${authorId}
       or parent_id in (
         select id from post_comments where author_id = ${authorId} and parent_id is null)
    returning id, post_id, parent_id`);
  const goneIds = new Set(gone.rows.map((row) => row.id));
  const perPost = new Map<string, number>();
  const perParent = new Map<string, number>();
  for (const row of gone.rows) {
    perPost.set(row.post_id, (perPost.get(row.post_id) ?? 0) + 1);
    if (row.parent_id !== null && !goneIds.has(row.parent_id)) {
      perParent.set(row.parent_id, (perParent.get(row.parent_id) ?? 0) + 1);
    }
  }
  for (const [parentId, count] of perParent) {
    await tx.execute(
      sql`update post_comments set reply_count = reply_count - ${count} where id = ${parentId}`,
    );
  }
  for (const [postId, count] of [...perPost].sort(([a], [b]) => Number(a) - Number(b))) {
    await tx.execute(
      sql`update posts set comment_count = comment_count - ${count} where id = ${postId}`,
    );
  }
}
