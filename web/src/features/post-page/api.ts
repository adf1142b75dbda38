import { queryOptions } from '@tanstack/react-query';
import { client } from '../../lib/api-client';
import { postKeys } from '../../lib/query-keys';

/** GET /posts/{id}/: the post as the feed shows it to this viewer; 404 when not theirs to see. */
export function postQuery(postId: number) {
  return queryOptions({
    queryKey: postKeys.one(postId),
    queryFn: ({ signal }) => client.GET('/api/posts/{id}/', { path: { id: postId }, signal }),
  });
}
