import { z } from 'zod';
import { videoFields } from './video-fields.ts';

/** How many files (images and videos together) one post can hold. */
export const MAX_POST_FILES = 20;

export const POST_MEDIA_KINDS = ['image', 'video'] as const;
export type PostMediaKind = (typeof POST_MEDIA_KINDS)[number];

/**
 * One file of a post, in the order its author gave them. `url` is the image's feed variant (its
 * original until the variant exists) or, for a video, the same URL as `video_url`. `width` and
 * `height` are the stored file's, so a client can keep room for it before it loads.
 */
export const postMediaItem = videoFields.extend({
  kind: z.enum(POST_MEDIA_KINDS),
  url: z.string().nullable(),
  width: z.number().int().positive().nullish(),
  height: z.number().int().positive().nullish(),
  /** An image's sizes made so far as an HTML `srcset` ("<url> 320w, ..."); absent until made. */
  srcset: z.string().optional(),
});
export type PostMediaItem = z.infer<typeof postMediaItem>;

/** A post's files; absent from a post whose content the viewer may not see. */
export const postMediaList = z.array(postMediaItem).max(MAX_POST_FILES);
