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
