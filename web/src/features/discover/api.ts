import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';

/** Suggested profile of the discover panel (engagement spec, section 3). */
const suggestedProfile = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  profile_image: z.string().nullable(),
  /** The 96 px square avatar, from servers that make one. */
  profile_image_small: z.string().nullish(),
  /** Left out for a locked profile the viewer has not unlocked. */
  followers: z.number().optional(),
  is_following: z.boolean().optional(),
});
export type SuggestedProfile = z.infer<typeof suggestedProfile>;

export const discoverKeys = {
  all: ['discover'] as const,
  profiles: () => [...discoverKeys.all, 'profiles'] as const,
};

export function suggestedProfilesQuery() {
  return queryOptions({
    queryKey: discoverKeys.profiles(),
    queryFn: ({ signal }) =>
      api.get('/auth/users/discover/', { schema: z.array(suggestedProfile), signal }),
    staleTime: 5 * 60_000,
  });
}

/** The three fixed topics of the panel. */
export const SUGGESTED_TOPICS = [
  { id: 'photography', followers: 25_000 },
  { id: 'fitness', followers: 58_500 },
  { id: 'travel', followers: 12_000 },
] as const;
