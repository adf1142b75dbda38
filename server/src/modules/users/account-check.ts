import type { Database } from '../../db/client.ts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import { createKeptValues } from '../../lib/kept-values.ts';
import { userExists } from './repo.ts';

/**
 * Whether the account behind a valid access token still exists: asked on every signed-in
 * request, so accounts seen recently are remembered. A deleted account is forgotten the moment
 * the database's notice arrives (on every instance), so its tokens stop working at once; while
 * notices are not arriving nothing is remembered, and a lost connection forgets everything. The
 * age limit is only a backstop. Only existence is remembered: an id not found is asked again.
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

  return async function accountExists(userId: number): Promise<boolean> {
    if (seen.fresh(userId)) return true;
    const stamp = seen.stamp(userId);
    const exists = await userExists(db, userId);
    if (exists) seen.keep(userId, true, stamp);
    return exists;
  };
}
