import type { presentedPost } from '@zura/contracts';
import type { z } from 'zod';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Post } from '../posts';
import { postKeys } from '../../lib/query-keys';

/** GET /posts/{id}/: the post as the feed shows it to this viewer; 404 when not theirs to see. */
export function postQuery(postId: number) {
  return queryOptions({
    queryKey: postKeys.one(postId),
    queryFn: async ({ signal }): Promise<Post> =>
      api.get<z.infer<typeof presentedPost>>(`/posts/${postId}/`, { signal }),
  });
}
