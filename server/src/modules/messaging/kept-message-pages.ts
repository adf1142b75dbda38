import type { ChangeNotices } from '../../db/change-notices.ts';
import { createKeptValues } from '../../lib/kept-values.ts';
import type { MessagePage } from './message-page.ts';

/**
 * Bounds how long a kept page could be wrong if a notice were lost without the connection
 * dropping, and how stale a sender's renamed username can look (a rename sends no notice here).
 */
const MAX_AGE_MS = 5_000;
/** Pages kept at most: a page of 50 messages is some tens of kilobytes. */
const MAX_PAGES = 2_000;

/** Call states that never change again: a page showing a ringing or live call is not kept. */
const FINAL_CALL_STATES: ReadonlySet<string> = new Set(['ended', 'missed']);

/** One conversation's kept pages, by reader and page size. */
type ConversationPages = ReadonlyMap<string, MessagePage>;

type ReadPage = (
  viewerId: number,
  conversationId: number,
  limit: number,
) => Promise<MessagePage | undefined>;

function keepable(page: MessagePage): boolean {
  return (
    page.unread === 0 &&
    !page.unreadNotices &&
    page.messages.every((row) => row.call === null || FINAL_CALL_STATES.has(row.call.state))
  );
}

/**
 * A conversation's newest page as each of its two readers last opened it, kept in memory while
 * nothing in it changes: reopening a conversation (polling it, coming back to it) costs no round
 * trip. The database's notices (`conversation_changed`, migration 0040) drop a conversation's
 * pages on every instance when its messages, unlocks, attachments, unread counters, calls or
 * message notifications change. Only a page with nothing to mark read is kept (opening one
 * writes), and none whose calls can still change (a ringing call turns missed by the clock).
 * Older pages (`before`/`after`) always read the database.
 */
export function createKeptMessagePages(notices: ChangeNotices, read: ReadPage) {
  const kept = createKeptValues<ConversationPages>({
    maxAgeMs: MAX_AGE_MS,
    maxWeight: MAX_PAGES,
    weigh: (pages) => pages.size,
    live: () => notices.live,
  });

  notices.subscribe((notice) => {
    if (notice.kind === 'conversation_changed') kept.drop(notice.conversationId);
    else if (notice.kind === 'reset') kept.clear();
  });

  /** The newest `limit` messages as `viewerId` opens them; undefined when not theirs. */
  return async function newestPage(
    viewerId: number,
    conversationId: number,
    limit: number,
  ): Promise<MessagePage | undefined> {
    const reader = `${viewerId}:${limit}`;
    const found = kept.fresh(conversationId)?.get(reader);
    if (found) return found;
    const stamp = kept.stamp(conversationId);
    const page = await read(viewerId, conversationId, limit);
    if (page && keepable(page)) {
      const pages = new Map(kept.fresh(conversationId));
      pages.set(reader, page);
      kept.keep(conversationId, pages, stamp);
    }
    return page;
  };
}
