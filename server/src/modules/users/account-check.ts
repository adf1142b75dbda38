import DataLoader from 'dataloader';
import type { Database } from '../../db/client.ts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import { createKeptValues } from '../../lib/kept-values.ts';
import { existingUserIds } from './repo.ts';

/**
 * Whether the account behind a valid access token still exists: asked on every signed-in
 * request, so accounts seen recently are remembered. A deleted account is forgotten the moment
 * the database's notice arrives (on every instance), so its tokens stop working at once; while
 * notices are not arriving nothing is remembered, and a lost connection forgets everything. The
 * age limit is only a backstop. Only existence is remembered: an id not found is asked again.
 *
 * The ids not remembered that are asked for in one turn of the event loop share one query: when
 * requests queue up (a start, a burst of new visitors) they arrive together, and the database
 * answers them all at once instead of one statement each.
 */
export function createAccountCheck(db: Database, notices: ChangeNotices) {
  const seen = createKeptValues<true>({
    maxAgeMs: 15 * 60_000,
    maxWeight: 100_000,
    live: () => notices.live,
  });
  notices.subscribe((notice) => {
    if (notice.kind === 'account_deleted') seen.drop(notice.userId);
    else if (notice.kind === 'reset') seen.clear();
  });
  const lookups = new DataLoader<number, boolean>(
    async (ids) => {
      const found = await existingUserIds(db, ids);
      return ids.map((id) => found.has(id));
    },
    // No cache of its own (`seen` is the cache, with its invalidation); a batch collects every
    // id asked for until the event loop's check phase, across requests.
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch), maxBatchSize: 500 },
  );

  return async function accountExists(userId: number): Promise<boolean> {
    if (seen.fresh(userId)) return true;
    const stamp = seen.stamp(userId);
    const exists = await lookups.load(userId);
    if (exists) seen.keep(userId, true, stamp);
    return exists;
  };
}
