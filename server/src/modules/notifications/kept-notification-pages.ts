import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema/index.ts';
import { createKeptValues } from '../../lib/kept-values.ts';
import * as repo from './repo.ts';

/** Bounds how long a kept page could be wrong if a notice were ever lost. */
const MAX_AGE_MS = 5_000;
/** Pages kept at most (a reader's list and unread list count one each). */
const MAX_PAGES = 5_000;

/** One reader's kept first pages, by list (all or unread) and page size. */
type ReaderPages = ReadonlyMap<string, NotificationRow[]>;

/**
 * Each reader's first page of notifications (all, or unread only) kept in memory until the
 * database says their notifications changed (`notifications_changed`, migration 0040: written,
 * read or deleted, on any instance): the list a badge or a tab polls costs no round trip.
 * Later pages (`after_id`) always read the database.
 */
export function createKeptNotificationPages(db: Database, notices: ChangeNotices) {
  const kept = createKeptValues<ReaderPages>({
    maxAgeMs: MAX_AGE_MS,
    maxWeight: MAX_PAGES,
    weigh: (pages) => pages.size,
    live: () => notices.live,
  });

  notices.subscribe((notice) => {
    if (notice.kind === 'notifications_changed') kept.drop(notice.userId);
    else if (notice.kind === 'reset') kept.clear();
  });

  return async function list(
    userId: number,
    options: { unreadOnly?: boolean; afterId?: number; limit: number },
  ): Promise<NotificationRow[]> {
    if (options.afterId !== undefined) return repo.listNotifications(db, userId, options);
    const variant = `${options.unreadOnly === true}:${options.limit}`;
    const found = kept.fresh(userId)?.get(variant);
    if (found) return found;
    const stamp = kept.stamp(userId);
    const rows = await repo.listNotifications(db, userId, options);
    const pages = new Map(kept.fresh(userId));
    pages.set(variant, rows);
    kept.keep(userId, pages, stamp);
    return rows;
  };
}
