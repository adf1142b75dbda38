import { z } from 'zod';
import { videoFields } from './video-fields.ts';

/**
 * One post as a viewer sees it (`GET /api/posts/:id/`, drafts, edits, publishing): the shape the
 * server's `presentPost` gives, for the feed too. Loose on purpose: the post page shows exactly
 * what the feed shows, so fields other features add to `presentPost` (likes, comments, prices,
 * several files) reach it without a second list to keep in step. What a viewer may not see is
 * left out by `presentPost` itself, never by this schema.
 */
export const presentedPost = z.looseObject({
  id: z.number().int(),
  created_at: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  user_username: z.string(),
  user_avatar: z.string().nullable(),
  is_locked: z.boolean(),
  is_unlocked: z.boolean(),
  can_delete: z.boolean(),
  /** True only on the author's own unpublished draft; nobody else ever receives a draft. */
  is_draft: z.boolean(),
  author_is_creator: z.boolean(),
  requires_subscription: z.boolean(),
  subscription_price: z.string().nullable(),
  content: z.string(),
  type: z.string(),
  image: z.string().optional(),
  image_url: z.string().optional(),
  video: z.string().nullish(),
  ...videoFields.partial().shape,
});
export type PresentedPost = z.infer<typeof presentedPost>;

/** `GET /api/posts/drafts/`: the author's drafts, newest first; next page in `Link`. */
export const draftList = z.array(presentedPost);

/** `PATCH /api/posts/:id/`: the new text of an own post, draft or published. */
export const postEdit = z.object({
  content: z.string({ error: 'content must be text.' }),
});
export type PostEdit = z.infer<typeof postEdit>;

/** Open Graph text of a public post: its first characters, cut at a word where it can be. */
export const SHARE_PREVIEW_TEXT_LENGTH = 200;
