import { queryOptions } from '@tanstack/react-query';
import type { subscriptionContents } from '@zura/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api';

/** What a creator's subscription includes (GET /auth/users/{id}/contents/), counted live. */
export function subscriptionContentsQuery(idOrUsername: string) {
  return queryOptions({
    queryKey: ['subscription-contents', idOrUsername] as const,
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof subscriptionContents>>(
        `/auth/users/${encodeURIComponent(idOrUsername)}/contents/`,
        { signal },
      ),
  });
}
