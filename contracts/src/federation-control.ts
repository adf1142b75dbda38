import { z } from 'zod';

/** A remote account following a creator, or asking to (issue 36). */
export const remoteFollower = z.object({
  id: z.number(),
  actor_id: z.string(),
  /** `@name@host`, or the actor's address when it names no username. */
  handle: z.string(),
  /** When it followed, or asked to. */
  since: z.string(),
});
export type RemoteFollower = z.infer<typeof remoteFollower>;
export const remoteFollowerList = z.object({ results: z.array(remoteFollower) });

/** A defederated domain, as the admin list shows it. */
export const federationDomainBlock = z.object({
  id: z.number(),
  domain: z.string(),
  reason: z.string(),
  blocked_by: z.number(),
  created_at: z.string(),
});
export type FederationDomainBlock = z.infer<typeof federationDomainBlock>;
export const federationDomainBlockList = z.object({ results: z.array(federationDomainBlock) });

export const federationDomainBlockRequest = z.object({
  domain: z
    .string({ error: 'Enter a domain, such as example.social.' })
    .trim()
    .min(1, 'Enter a domain, such as example.social.')
    .max(253, 'A domain is at most 253 characters.'),
  reason: z.string().trim().max(500, 'Keep the reason under 500 characters.').default(''),
});
export const federationDomainBlockCreated = z.object({
  block: federationDomainBlock,
  /** Followers on that domain (and its subdomains) removed by the block. */
  followers_removed: z.number(),
});
