import { queryOptions } from '@tanstack/react-query';
import { subscriptionContents } from '@zura/contracts';
import { api } from '../../lib/api';

/** What a creator's subscription includes (GET /auth/users/{id}/contents/), counted live. */
export function subscriptionContentsQuery(idOrUsername: string) {
  return queryOptions({
    queryKey: ['subscription-contents', idOrUsername] as const,
    queryFn: ({ signal }) =>
      api.get(`/auth/users/${encodeURIComponent(idOrUsername)}/contents/`, {
        schema: subscriptionContents,
        signal,
      }),
  });
}
