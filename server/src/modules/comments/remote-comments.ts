import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { postComments } from '../../db/schema/index.ts';
import * as repo from './repo.ts';
import { deleteWithin } from './service.ts';

/**
 * Comments by remote actors, replies from the fediverse (issue 36, `federation/inbox-replies.ts`
 * decides who and where). Counted as local comments are, under the same locks, so a post's
 * `comment_count` and a thread's `reply_count` stay exact.
 */

/** A remote comment by the Note's id, when it is the actor's (`remote_actor_id`). */
export async function findRemoteComment(db: Database, noteUri: string) {
  const [row] = await db
    .select()
    .from(postComments)
    .where(eq(postComments.remoteObjectUri, noteUri))
    .limit(1);
  return row;
}

/**
 * Adds a remote actor's comment on a post (under the top-level comment `parentId`, if any),
 * when the post's comments are on (checked under its row lock). Undefined when they are off,
 * the thread is gone, or the Note was already added (a replay).
 */
export async function addRemoteComment(
  db: Database,
  values: {
    postId: number;
    parentId: number | null;
    remoteActorId: number;
    noteUri: string;
    content: string;
  },
) {
  return db
    .transaction(async (tx) => {
      if (
        values.parentId !== null &&
        !(await repo.countReply(tx, values.postId, values.parentId))
      ) {
        tx.rollback();
      }
      const [inserted] = await tx
        .insert(postComments)
        .values({
          postId: values.postId,
          parentId: values.parentId,
          remoteActorId: values.remoteActorId,
          remoteObjectUri: values.noteUri,
          content: values.content,
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted) tx.rollback();
      if ((await repo.countNewComment(tx, values.postId)) === undefined) tx.rollback();
      return inserted;
    })
    .catch((error: unknown) => {
      // `tx.rollback()` throws to end the transaction: nothing was added.
      if (error instanceof TransactionRollbackError) return undefined;
      throw error;
    });
}

/** The remote actor's new text of its comment; false when it has no such comment. */
export async function editRemoteComment(
  db: Database,
  remoteActorId: number,
  noteUri: string,
  content: string,
): Promise<boolean> {
  const rows = await db
    .update(postComments)
    .set({ content, editedAt: sql`now()` })
    .where(
      and(eq(postComments.remoteObjectUri, noteUri), eq(postComments.remoteActorId, remoteActorId)),
    )
    .returning({ id: postComments.id });
  return rows.length > 0;
}

/** Removes the remote actor's comment (and its replies), counted; false when there is none. */
export async function removeRemoteComment(
  db: Database,
  remoteActorId: number,
  noteUri: string,
): Promise<boolean> {
  const comment = await findRemoteComment(db, noteUri);
  if (!comment || comment.remoteActorId !== remoteActorId) return false;
  const removed = await db.transaction((tx) => deleteWithin(tx, comment.id));
  return removed !== undefined;
}
