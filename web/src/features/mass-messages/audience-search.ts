import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { audiencePage } from '@zura/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { massKeys } from './api';

// Apart from api.ts: the live updates load that on every first visit, and this parses its answer
// with a schema, which would bring zod into the first visit (the 150 KiB budget).

/** GET /creator/mass-messages/audience/: the creator's own fans whose username contains `q`. */
export function audienceSearchQuery(q: string) {
  return infiniteQueryOptions({
    queryKey: massKeys.audience(q),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ q });
      if (pageParam) params.set('after', pageParam);
      return api.get(`/creator/mass-messages/audience/?${params.toString()}`, {
        schema: audiencePage,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: z.infer<typeof audiencePage>) => lastPage.next ?? undefined,
    // The last answer stays while the next search runs, so the list does not flicker away.
    placeholderData: keepPreviousData,
  });
}
