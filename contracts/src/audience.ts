import { z } from 'zod';

/** The columns of a creator's audience export, in order (GET /api/creator/audience/export/). */
export const AUDIENCE_CSV_COLUMNS = ['username', 'status', 'since', 'lifetime_spend', 'email'];

/** A creator the fan shares their email with (Settings → Privacy), withdrawn by DELETE. */
export const emailShare = z.object({
  creator_id: z.number(),
  username: z.string(),
  shared_at: z.string(),
});
export const emailShareList = z.array(emailShare);
export type EmailShare = z.infer<typeof emailShare>;
