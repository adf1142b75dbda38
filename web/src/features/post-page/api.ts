import type { presentedPost } from '@zura/contracts';
import type { z } from 'zod';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { postKeys, type Post } from '../posts/api';

/** GET /posts/{id}/: the post as the feed shows it to this viewer; 404 when not theirs to see. */
export function postQuery(postId: number) {
  return queryOptions({
    queryKey: postKeys.one(postId),
    queryFn: async ({ signal }): Promise<Post> =>
      api.get<z.infer<typeof presentedPost>>(`/posts/${postId}/`, { signal }),
  });
}

/** The absolute address of a post's page, as it is shared. */
export function postPageUrl(postId: number, origin = window.location.origin): string {
  return new URL(`/posts/${postId}`, origin).href;
}
