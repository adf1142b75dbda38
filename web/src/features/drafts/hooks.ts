import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removePost, type PostPages } from '../posts';
import { editPost, publishDraft, rescheduleDraft } from './api';
import { postKeys, scheduledKey } from '../../lib/query-keys';

/** PATCH /posts/{id}/; the edited post replaces its copy in every loaded list. */
export function useEditPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      postId,
      content,
      visibleMark,
    }: {
      postId: number;
      content: string;
      visibleMark?: boolean | null;
    }) => editPost(postId, content, visibleMark),
    onSuccess: (edited) => {
      queryClient.setQueriesData<PostPages>({ queryKey: postKeys.all }, (data) =>
        data && 'pages' in data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                posts: page.posts.map((item) => (item.id === edited.id ? edited : item)),
              })),
            }
          : data,
      );
      queryClient.setQueryData(postKeys.one(edited.id), edited);
    },
  });
}

/** POST /posts/{id}/publish/; the draft leaves the drafts list and the feeds are read again. */
export function usePublishDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) => publishDraft(postId),
    onSuccess: (published) => {
      queryClient.setQueryData<PostPages>(postKeys.drafts(), (data) =>
        removePost(data, published.id),
      );
      queryClient.setQueryData(postKeys.one(published.id), published);
      void queryClient.invalidateQueries({ queryKey: scheduledKey });
      void queryClient.invalidateQueries({ queryKey: postKeys.feed() });
      void queryClient.invalidateQueries({ queryKey: postKeys.byUser() });
    },
  });
}

/** PATCH /posts/{id}/schedule/; the drafts list and the queue are read again. */
export function useRescheduleDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, publishAt }: { postId: number; publishAt: string | null }) =>
      rescheduleDraft(postId, publishAt),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: postKeys.drafts() });
      void queryClient.invalidateQueries({ queryKey: scheduledKey });
    },
  });
}
