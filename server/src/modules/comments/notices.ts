import { mentionedUsernames } from '@zura/contracts';
import type { Executor } from '../../db/client.ts';
import type { PostRow } from '../../db/schema/index.ts';
import type { Happening } from '../notifications/index.ts';
import { canSeePostContent, type PostsService } from '../posts/index.ts';
import { hiddenFrom } from '../users/index.ts';
import { excerpt } from './policy.ts';
import * as repo from './repo.ts';

type NewComment = { id: number; postId: number; content: string; parentId: number | null };

/**
 * Who hears of a new comment: the post's author (for comments by others), the author of the
 * comment it replies to, and each user it mentions, once each. Everyone but the post's author
 * must be able to see the post's content and must not be in a block with the writer (either
 * way); suspended accounts hear nothing. Read before the transaction that writes the comment.
 */
export async function commentNotices(
  db: Executor,
  posts: PostsService,
  input: { post: PostRow; writer: { id: number; username: string }; comment: NewComment },
): Promise<Happening[]> {
  const { post, writer, comment } = input;
  const facts = {
    writer: { id: writer.id, username: writer.username },
    postId: post.id,
    commentId: comment.id,
    excerpt: excerpt(comment.content),
  };
  const notices = new Map<number, Happening>();
  if (post.authorId !== writer.id) {
    notices.set(post.authorId, { to: post.authorId, kind: 'commented', ...facts });
  }
  const candidates = new Map<number, 'replied' | 'mentioned'>();
  if (comment.parentId !== null) {
    const parent = await repo.findCommentAuthor(db, comment.parentId);
    // A remote actor's comment has no local author to tell.
    if (parent?.comment.authorId) candidates.set(parent.comment.authorId, 'replied');
  }
  for (const user of await repo.findUsersByUsernames(db, mentionedUsernames(comment.content))) {
    candidates.set(user.id, 'mentioned');
  }
  for (const id of [writer.id, post.authorId]) candidates.delete(id);
  const hidden = await hiddenFrom(db, writer.id, [...candidates.keys()]);
  for (const [userId, kind] of candidates) {
    if (hidden.has(userId)) continue;
    const row = await posts.findVisiblePost(userId, post.id);
    if (row && canSeePostContent(row, userId)) notices.set(userId, { to: userId, kind, ...facts });
  }
  return [...notices.values()];
}
