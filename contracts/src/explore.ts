import { z } from 'zod';
import { ownProfile, publicProfile } from './profile.ts';

/**
 * A profile as its viewer sees it: another user's public fields (only the header when locked),
 * or every field of one's own profile.
 */
export const viewedProfile = ownProfile.partial().extend(publicProfile.shape);

/** GET /api/explore/creators/: a page of creators; `next_offset` is null after the last. */
export const creatorSearchPage = z.object({
  results: z.array(viewedProfile.extend({ is_following: z.boolean() })),
  next_offset: z.number().int().nullable(),
});

/** GET /api/auth/users/discover/: the discover panel's suggested profiles (engagement spec §3). */
export const suggestedProfile = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  profile_image: z.string().nullable(),
  /** The 96 px square avatar. */
  profile_image_small: z.string().nullable(),
  /** Left out for a locked profile the viewer has not unlocked. */
  followers: z.number().optional(),
  is_following: z.boolean(),
});
export const suggestedProfileList = z.array(suggestedProfile);

/**
 * POST and DELETE /api/auth/users/{id}/follow/: the new state and the real count (`followers`
 * left out for a locked profile the caller has not unlocked).
 */
export const followAnswer = z.object({ following: z.boolean(), followers: z.number().optional() });
