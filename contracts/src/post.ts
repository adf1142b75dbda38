import { z } from 'zod';
import { postEngagement } from './engagement.ts';
import { postOrigin } from './federation-following.ts';
import { postMediaList } from './post-media.ts';
import { payPerViewFields } from './post-prices.ts';
import { videoFields } from './video-fields.ts';

/**
 * A post as one viewer sees it (server `presentPost`), field by field: the response schema of
 * every route that answers posts, so nothing the presenter does not name can leave. A post whose
 * content the viewer may not see has empty `content` and no media key at all.
 */
export const presentedPost = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  user_username: z.string(),
  user_avatar: z.string().nullable(),
  /** A 96 px square of the avatar, for where it shows at 48 px or less. */
  user_avatar_small: z.string().nullable().optional(),
  is_locked: z.boolean(),
  is_unlocked: z.boolean(),
  can_delete: z.boolean(),
  /** True only on the author's own unpublished draft; nobody else ever receives a draft. */
  is_draft: z.boolean(),
  author_is_creator: z.boolean(),
  comments_enabled: z.boolean(),
  ...postEngagement.shape,
  requires_subscription: z.boolean(),
  subscription_price: z.string().nullable(),
  ...payPerViewFields.shape,
  content: z.string(),
  type: z.string(),
  image: z.string().optional(),
  image_url: z.string().optional(),
  video: z.string().nullish(),
  ...videoFields.partial().shape,
  /** Every file of the post in order; absent when the viewer may not see the content. */
  media: postMediaList.optional(),
  /**
   * Issue 35: the text of the visible mark this viewer's copies carry (`@name · host`), which the
   * web lays over the post's videos too; null when none. Only with the content.
   */
  visible_mark: z.string().nullable().optional(),
  /** To the author alone: the post's own choice of the visible mark, null for the default. */
  visible_mark_setting: z.boolean().nullable().optional(),
  /** Issue 36: present on a remote account's post in the home feed, absent on local posts. */
  origin: postOrigin.optional(),
});
export type PresentedPost = z.infer<typeof presentedPost>;
export const presentedPosts = z.array(presentedPost);
