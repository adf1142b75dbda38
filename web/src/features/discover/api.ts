import { queryOptions } from '@tanstack/react-query';
import { client, type Answer } from '../../lib/api-client';
import { discoverKeys } from '../../lib/query-keys';

/** Suggested profile of the discover panel (engagement spec, section 3), typed not parsed. */
export type SuggestedProfile = Answer<'/api/auth/users/discover/', 'get'>[number];

export function suggestedProfilesQuery() {
  return queryOptions({
    queryKey: discoverKeys.profiles(),
    queryFn: ({ signal }) => client.GET('/api/auth/users/discover/', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The three fixed topics of the panel. */
export const SUGGESTED_TOPICS = [
  { id: 'photography', followers: 25_000 },
  { id: 'fitness', followers: 58_500 },
  { id: 'travel', followers: 12_000 },
] as const;
