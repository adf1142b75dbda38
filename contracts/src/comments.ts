import { z } from 'zod';

/** Rules and shapes of comments on posts, shared by the server and the web app. */
export const COMMENT_MAX_LENGTH = 2000;
export const COMMENTS_PAGE_DEFAULT = 20;
export const COMMENTS_PAGE_MAX = 50;
/** Mentions past this many in one comment notify no one more: a comment is not a mailing list. */
export const COMMENT_MAX_MENTIONS = 10;

/** A comment's text: trimmed, not empty, at most COMMENT_MAX_LENGTH characters. */
export const commentContent = z
  .string({ error: 'The comment must be text.' })
  .trim()
  .min(1, 'Write something first.')
  .max(COMMENT_MAX_LENGTH, `Comments can be at most ${COMMENT_MAX_LENGTH} characters long.`);

export const commentAuthor = z.object({
  id: z.number(),
  username: z.string(),
  profile_image: z.string().nullable(),
  /** The 96 px square avatar (a comment shows it at 32 px). */
  profile_image_small: z.string().nullable().optional(),
});

export const comment = z.object({
  id: z.number(),
  post_id: z.number(),
  /** The top-level comment this one replies to; null for a top-level comment. */
  parent_id: z.number().nullable(),
  content: z.string(),
  author: commentAuthor,
  /**
   * A reply from the fediverse (issue 36): its remote author, `@name@host`, linked to their
   * profile page. `author` then holds the handle and id 0 (no local user).
   */
  remote_author: z
    .object({ handle: z.string(), profile_url: z.string(), display_name: z.string().nullable() })
    .nullable()
    .optional(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  reply_count: z.number(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type Comment = z.infer<typeof comment>;

/** A page, newest first; `next` is the cursor of the following page (the `before` parameter). */
export const commentPage = z.object({
  results: z.array(comment),
  next: z.string().nullable(),
  comments_enabled: z.boolean(),
  comment_count: z.number(),
});
export type CommentPage = z.infer<typeof commentPage>;

export const commentCreated = z.object({ comment, comment_count: z.number() });
export type CommentCreated = z.infer<typeof commentCreated>;
export const commentDeleted = z.object({ deleted: z.number(), comment_count: z.number() });
export type CommentDeleted = z.infer<typeof commentDeleted>;

export const commentSettingsRequest = z.object({
  comments_enabled: z.boolean({ error: 'comments_enabled must be true or false.' }),
});
export const commentSettings = z.object({
  comments_enabled: z.boolean(),
  comment_count: z.number(),
});
export type CommentSettings = z.infer<typeof commentSettings>;

/** The text as pieces: plain text and `@username` mentions, as the web links them. */
export type CommentPiece = { text: string } | { mention: string };

// A mention starts a word: "mail@example.com" mentions no one.
const MENTION = /(^|[^A-Za-z0-9_@-])@([A-Za-z0-9_-]{3,30})(?![A-Za-z0-9_-])/g;

export function commentPieces(content: string): CommentPiece[] {
  const pieces: CommentPiece[] = [];
  let at = 0;
  for (const match of content.matchAll(MENTION)) {
    const start = match.index + (match[1]?.length ?? 0);
    if (start > at) pieces.push({ text: content.slice(at, start) });
    pieces.push({ mention: match[2] ?? '' });
    at = start + 1 + (match[2]?.length ?? 0);
  }
  if (at < content.length) pieces.push({ text: content.slice(at) });
  return pieces;
}

/** The distinct usernames a comment mentions (lower case), in order, at most COMMENT_MAX_MENTIONS. */
export function mentionedUsernames(content: string): string[] {
  const names = new Set<string>();
  for (const piece of commentPieces(content)) {
    if ('mention' in piece && !/^\d+$/.test(piece.mention)) names.add(piece.mention.toLowerCase());
  }
  return [...names].slice(0, COMMENT_MAX_MENTIONS);
}
