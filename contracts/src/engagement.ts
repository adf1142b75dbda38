import { z } from 'zod';

/** The answer of PUT and DELETE /posts/{id}/like/: the viewer's like and the post's new count. */
export const likeState = z.object({ liked: z.boolean(), like_count: z.number().int().min(0) });
export type LikeState = z.infer<typeof likeState>;

/**
 * What every post in JSON says about its likes and comments: counts kept on the post (never
 * counted per request) and whether this viewer likes it. A post behind a subscription or a
 * password still shows them: they tell nothing of what it holds.
 */
export const postEngagement = z.object({
  like_count: z.number().int().min(0),
  comment_count: z.number().int().min(0),
  liked_by_me: z.boolean(),
});
export type PostEngagement = z.infer<typeof postEngagement>;

/** At most this many post ids in one `watch_posts` frame (a feed's screenful, with room). */
export const WATCH_POSTS_MAX = 200;

/** The live frame an open feed gets when a watched post's counts change. */
export const postCountsFrame = z.object({
  type: z.literal('post_counts'),
  post_id: z.number().int().positive(),
  like_count: z.number().int().min(0),
  comment_count: z.number().int().min(0),
});
export type PostCountsFrame = z.infer<typeof postCountsFrame>;
