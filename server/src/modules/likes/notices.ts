import type { Executor } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema/index.ts';
import { insertNotification } from '../notifications/index.ts';
import * as repo from './repo.ts';

/** "luna liked your post", "luna and 1 other liked your post", "luna and 12 others …". */
function likeNoticeMessage(username: string, others: number): string {
  if (others <= 0) return `${username} liked your post`;
  return `${username} and ${others} ${others === 1 ? 'other' : 'others'} liked your post`;
}

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
  const data = {
    post_id: like.postId,
    sender_id: like.likerId,
    sender_username: like.likerUsername,
  };
  const unread = await repo.findUnreadLikeNotice(tx, like.authorId, like.postId);
  if (!unread) {
    return insertNotification(tx, {
      userId: like.authorId,
      type: 'like',
      title: 'New like',
      message: likeNoticeMessage(like.likerUsername, 0),
      data: { ...data, likers: 1 },
    });
  }
  const likers = Number(unread.data.likers ?? 1) + 1;
  return repo.updateNotice(tx, unread.id, {
    message: likeNoticeMessage(like.likerUsername, likers - 1),
    data: { ...data, likers },
  });
}
