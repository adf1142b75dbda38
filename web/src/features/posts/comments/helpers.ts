import { ApiError, isRecord } from '../../../lib/api-errors';
import { refusalText } from '../../reports';

/** The server's words for a refused comment: a field's first message, `detail`, or the fallback. */
export function commentErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && isRecord(error.body)) {
    for (const field of ['content', 'parent_id']) {
      const messages = error.body[field];
      if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0];
    }
  }
  return refusalText(error, fallback);
}

/** How many comments a post has, read leniently from the feed's post. */
export function commentCountOf(post: Record<string, unknown>): number {
  const count = post.comment_count;
  return typeof count === 'number' ? count : 0;
}
