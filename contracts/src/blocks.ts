import { z } from 'zod';

/** A user the caller blocked, as the settings list shows them. */
export const blockedUser = z.object({
  id: z.number(),
  username: z.string(),
  profile_image: z.string().nullable(),
  blocked_at: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUser>;
export const blockedUserList = z.object({ results: z.array(blockedUser) });
export const blockState = z.object({ blocked: z.boolean() });
