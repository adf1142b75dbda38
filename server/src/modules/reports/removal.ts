import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Executor } from '../../db/client.ts';
import type { UploadRow } from '../../db/schema/index.ts';
import { deleteOwnPost, type PostsService } from '../posts/index.ts';
import type { CommentsService } from '../comments/index.ts';
import { updateUser } from '../profiles/index.ts';
import type { UploadsService } from '../uploads/index.ts';
import { uploadsOfTarget } from './content.ts';
import * as repo from './repo.ts';

const REMOVED_MESSAGE_TEXT = 'This message was removed by a moderator.';

export type Removal = {
  /** The uploads the content showed, gone with it. */
  removed: UploadRow[];
  /** After commit: caches told and files deleted from storage. */
  finish: () => Promise<void>;
};

/**
 * Removes reported content inside the caller's transaction: a post is deleted as its author
 * deletes it; a message keeps its row (the conversation stays coherent) with a notice for text
 * and no attachments; a profile loses its bio and images.
 */
export function createContentRemoval(deps: {
  posts: PostsService;
  comments: CommentsService;
  uploads: UploadsService;
  changes: ChangeNotices;
}) {
  const { posts, comments, uploads, changes } = deps;
  const deleteFiles = async (rows: UploadRow[]) => {
    for (const row of rows) await uploads.deleteIfUnused(row.ownerId, row.id);
  };

  return async function removeWithin(tx: Executor, target: repo.ReportTargetRef): Promise<Removal> {
    const removed = await uploadsOfTarget(tx, target);
    if (target.targetType === 'post') {
      const post = await repo.findPostById(tx, target.targetId);
      const deleted = post && (await deleteOwnPost(tx, post.authorId, post.id));
      return { removed, finish: async () => (deleted ? posts.afterDelete(deleted) : undefined) };
    }
    if (target.targetType === 'comment') {
      // Deleted as its writer deletes it: its replies with it, the counts kept exact.
      const deleted = await comments.deleteWithin(tx, target.targetId);
      return {
        removed,
        finish: async () => (deleted ? comments.afterRemoval(deleted) : undefined),
      };
    }
    if (target.targetType === 'message') {
      // The file goes wholly, from any other message of the sender's that carries it too: the
      // moderator removed these bytes, not one copy of them.
      await repo.replaceMessage(tx, target.targetId, REMOVED_MESSAGE_TEXT);
      return { removed, finish: () => deleteFiles(removed) };
    }
    await updateUser(tx, target.targetId, { bio: '', profileImageId: null, coverImageId: null });
    return {
      removed,
      finish: async () => {
        changes.announce({ kind: 'feed' });
        await deleteFiles(removed);
      },
    };
  };
}
