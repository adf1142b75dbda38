import { z } from 'zod';

/** How far back "posts in the last N days" looks on a creator's profile. */
export const RECENT_POSTS_DAYS = 30;

/**
 * What a creator's subscription includes, shown before paying. Counts cover published posts only
 * (drafts, scheduled drafts and posts whose video is not playable yet are left out), live per
 * request. `subscriber_only_posts`: posts a viewer without a subscription cannot open, that is
 * every post not for sale while the creator charges a monthly price (a post for sale is sold to
 * anyone instead). `covers` says what the monthly price opens on Zura: those posts, plus the posts
 * for sale that are free to subscribers; messages and calls are open to anyone the creator does
 * not block, so a subscription does not add them.
 */
export const subscriptionContents = z.object({
  price_cents: z.number().int().nonnegative(),
  posts: z.number().int().nonnegative(),
  photos: z.number().int().nonnegative(),
  videos: z.number().int().nonnegative(),
  subscriber_only_posts: z.number().int().nonnegative(),
  posts_last_30_days: z.number().int().nonnegative(),
  covers: z.object({
    included_posts: z.number().int().nonnegative(),
    messages: z.boolean(),
    calls: z.boolean(),
  }),
});
export type SubscriptionContents = z.infer<typeof subscriptionContents>;
