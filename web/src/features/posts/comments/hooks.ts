import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { patchPostEverywhere } from '../post-cache';
import { commentKeys, createComment, deleteComment, editComment, setCommentsEnabled } from './api';

/**
 * The comment actions of one post. After each, the comment lists read again and the post's
 * count (or switch) is written into every cached copy of the post (lists and its page), so
 * the card shows it at once.
 */
export function useCommentActions(postId: number) {
  const client = useQueryClient();
  return useMemo(() => {
    const refresh = () => client.invalidateQueries({ queryKey: commentKeys.all });
    return {
      async create(content: string, parentId?: number) {
        const created = await createComment(postId, content, parentId);
        patchPostEverywhere(client, postId, { comment_count: created.comment_count });
        await refresh();
        return created.comment;
      },
      async edit(commentId: number, content: string) {
        await editComment(commentId, content);
        await refresh();
      },
      async remove(commentId: number) {
        const result = await deleteComment(commentId);
        patchPostEverywhere(client, postId, { comment_count: result.comment_count });
        await refresh();
      },
      async setEnabled(enabled: boolean) {
        const settings = await setCommentsEnabled(postId, enabled);
        patchPostEverywhere(client, postId, settings);
        await refresh();
      },
    };
  }, [client, postId]);
}

export type CommentActions = ReturnType<typeof useCommentActions>;
