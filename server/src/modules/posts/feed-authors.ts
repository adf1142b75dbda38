import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { listFeedAuthors } from './repo.ts';

/** How long a viewer's authors are kept without a notice; bounds a lost notice. */
const MAX_AGE_MS = 60_000;
/** The most author ids kept for all viewers together (a few MB). */
const MAX_IDS = 1_000_000;

type Entry = { authors: ReadonlySet<number>; loadedAt: number };

/**
 * Whose posts each viewer's home feed holds, remembered per viewer: the set changes only when
 * they follow, unfollow or a subscription of theirs changes, and the database's notice of that
 * drops their entry on every instance. Viewers seen least recently are dropped first.
 */
export function createFeedAuthors(db: Database, notices: ChangeNotices) {
  const entries = new Map<number, Entry>();
  let ids = 0;
  /** Per viewer, counts changes, so that a read that raced a change is not kept. */
  const changes = new Map<number, number>();
  /** Counts lost connections: a read that raced one may have missed any notice. */
  let resets = 0;

  const drop = (viewerId: number) => {
    const entry = entries.get(viewerId);
    if (!entry) return;
    entries.delete(viewerId);
    ids -= entry.authors.size;
  };

  notices.subscribe((notice) => {
    if (notice.kind === 'following_changed' || notice.kind === 'account_deleted') {
      changes.set(notice.userId, (changes.get(notice.userId) ?? 0) + 1);
      drop(notice.userId);
    } else if (notice.kind === 'reset') {
      resets += 1;
      entries.clear();
      changes.clear();
      ids = 0;
    }
  });

  return async function authorsOf(viewerId: number): Promise<ReadonlySet<number>> {
    const entry = entries.get(viewerId);
    if (entry && Date.now() - entry.loadedAt < MAX_AGE_MS) {
      // Seen again: to the end of the eviction order.
      entries.delete(viewerId);
      entries.set(viewerId, entry);
      return entry.authors;
    }
    const seen = changes.get(viewerId) ?? 0;
    const seenResets = resets;
    const authors = new Set(await listFeedAuthors(db, viewerId));
    const unchanged = (changes.get(viewerId) ?? 0) === seen && resets === seenResets;
    if (unchanged && notices.live) {
      drop(viewerId);
      entries.set(viewerId, { authors, loadedAt: Date.now() });
      ids += authors.size;
      for (const [oldest] of entries) {
        if (ids <= MAX_IDS) break;
        drop(oldest);
      }
    }
    return authors;
  };
}

export type FeedAuthors = ReturnType<typeof createFeedAuthors>;
