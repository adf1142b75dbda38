import type { Executor } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema/index.ts';
import { noticeOf, recordNotice } from '../notifications/index.ts';
import * as repo from './repo.ts';

/**
 * Tells the author of a new like, batched: while the author has not read the post's like notice,
 * each new like updates that one notice in place (the latest liker's name, one more "other");
 * once read, the next like starts a new one. Runs in the like's transaction after the post's row
 * was locked by its count update, so parallel likes of one post take their turns here and never
 * make two notices. Answers the notice written.
 */
export async function recordLikeNotice(
  tx: Executor,
  like: { postId: number; authorId: number; likerId: number; likerUsername: string },
): Promise<NotificationRow | undefined> {
  const liked = {
    to: like.authorId,
    kind: 'liked' as const,
    liker: { id: like.likerId, username: like.likerUsername },
    postId: like.postId,
  };
  const unread = await repo.findUnreadLikeNotice(tx, like.authorId, like.postId);
  if (!unread) return recordNotice(tx, { ...liked, likers: 1 });
  const { data } = noticeOf({ ...liked, likers: Number(unread.data.likers ?? 1) + 1 });
  return repo.updateNotice(tx, unread.id, { data });
}
