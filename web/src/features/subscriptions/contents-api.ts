import { queryOptions } from '@tanstack/react-query';
import { client } from '../../lib/api-client';

/** What a creator's subscription includes (GET /auth/users/{id}/contents/), counted live. */
export function subscriptionContentsQuery(idOrUsername: number | string) {
  return queryOptions({
    queryKey: ['subscription-contents', idOrUsername] as const,
    queryFn: ({ signal }) =>
      client.GET('/api/auth/users/{idOrUsername}/contents/', { path: { idOrUsername }, signal }),
  });
}
