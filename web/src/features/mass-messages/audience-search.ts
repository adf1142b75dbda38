import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { audiencePage } from '@zura/contracts';
import { client, type Answer } from '../../lib/api-client';
import { massKeys } from './api';

// Apart from api.ts: the live updates load that on every first visit, and this parses its answer
// with a schema, which would bring zod into the first visit (the 150 KiB budget).

/** GET /creator/mass-messages/audience/: the creator's own fans whose username contains `q`. */
export function audienceSearchQuery(q: string) {
  return infiniteQueryOptions({
    queryKey: massKeys.audience(q),
    queryFn: ({ pageParam, signal }) =>
      client.GET('/api/creator/mass-messages/audience/', {
        query: { q, after: pageParam || undefined },
        schema: audiencePage,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: Answer<'/api/creator/mass-messages/audience/', 'get'>) =>
      lastPage.next ?? undefined,
    // The last answer stays while the next search runs, so the list does not flicker away.
    placeholderData: keepPreviousData,
  });
}
