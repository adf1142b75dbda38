import { z } from 'zod';
import { scheduledDraft } from './post-schedule.ts';

/**
 * `GET /api/posts/drafts/`: the author's drafts, newest first, each with when it is scheduled
 * (null: not scheduled); next page in `Link`.
 */
export const draftList = z.array(scheduledDraft);

/**
 * `PATCH /api/posts/:id/`: a change to an own post, draft or published: its new text, its visible
 * mark (issue 35: true or false, or null to follow the author's default), or both; what is left
 * out stays.
 */
export const postEdit = z
  .object({
    content: z.string({ error: 'content must be text.' }).optional(),
    visible_mark: z
      .boolean({ error: 'visible_mark must be true, false or null.' })
      .nullable()
      .optional(),
  })
  .refine((edit) => edit.content !== undefined || edit.visible_mark !== undefined, {
    message: 'Send content, visible_mark or both.',
  });
export type PostEdit = z.infer<typeof postEdit>;

/** Open Graph text of a public post: its first characters, cut at a word where it can be. */
export const SHARE_PREVIEW_TEXT_LENGTH = 200;
