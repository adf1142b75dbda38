import { z } from 'zod';

/** A delivery to a remote inbox that was given up on (issue 36), as the admins see it. */
export const federationDeadLetter = z.object({
  id: z.number(),
  /** The activity's id (`Create`, `Update`, `Delete`, `Accept`…), when it has one. */
  activity_id: z.string().nullable(),
  activity_type: z.string(),
  inbox: z.string(),
  /** The inbox's HTTP status; null when it could not be reached at all. */
  status_code: z.number().nullable(),
  error: z.string(),
  attempts: z.number(),
  failed_at: z.string(),
});
export type FederationDeadLetter = z.infer<typeof federationDeadLetter>;

export const federationDeliveries = z.object({
  /** The newest dead letters first, 100 at most. */
  results: z.array(federationDeadLetter),
  /** Messages waiting on the federation queue: due now, and waiting for a retry's time. */
  backlog: z.object({ ready: z.number(), delayed: z.number() }),
});
export type FederationDeliveries = z.infer<typeof federationDeliveries>;
