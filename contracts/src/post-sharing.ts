import { z } from 'zod';
import { scheduledDraft } from './post-schedule.ts';

/**
 * `GET /api/posts/drafts/`: the author's drafts, newest first, each with when it is scheduled
 * (null: not scheduled); next page in `Link`.
 */
export const draftList = z.array(scheduledDraft);

/** `PATCH /api/posts/:id/`: the new text of an own post, draft or published. */
export const postEdit = z.object({
  content: z.string({ error: 'content must be text.' }),
});
export type PostEdit = z.infer<typeof postEdit>;

/** Open Graph text of a public post: its first characters, cut at a word where it can be. */
export const SHARE_PREVIEW_TEXT_LENGTH = 200;
