import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { createKeptValues } from '../../lib/kept-values.ts';
import { listFeedAuthors } from './repo.ts';

/**
 * Whose posts each viewer's home feed holds, remembered per viewer: the set changes only when
 * they follow, unfollow or a subscription of theirs changes, and the database's notice of that
 * drops their entry on every instance.
 */
export function createFeedAuthors(db: Database, notices: ChangeNotices) {
  const kept = createKeptValues<ReadonlySet<number>>({
    maxAgeMs: 60_000,
    // Author ids for all viewers together: a few MB.
    maxWeight: 1_000_000,
    weigh: (authors) => authors.size,
    live: () => notices.live,
  });
  notices.subscribe((notice) => {
    if (notice.kind === 'following_changed' || notice.kind === 'account_deleted') {
      kept.drop(notice.userId);
    } else if (notice.kind === 'reset') {
      kept.clear();
    }
  });
  return (viewerId: number): Promise<ReadonlySet<number>> =>
    kept.get(viewerId, async () => new Set(await listFeedAuthors(db, viewerId)));
}
