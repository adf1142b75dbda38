import type { Database } from '../../db/client.ts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import { createKeptLookup } from '../../lib/kept-lookup.ts';
import { existingUserIds } from './repo.ts';

/**
 * Whether the account behind a valid access token still exists: asked on every signed-in
 * request, so accounts seen recently are remembered. A deleted account is forgotten the moment
 * the database's notice arrives (on every instance), so its tokens stop working at once; while
 * notices are not arriving nothing is remembered, and a lost connection forgets everything. The
 * age limit is only a backstop. Only existence is remembered: an id not found is asked again.
 * Ids asked for in one turn of the event loop share one query (`lib/kept-lookup.ts`).
 */
export function createAccountCheck(db: Database, notices: ChangeNotices) {
  const seen = createKeptLookup<true>({
    maxAgeMs: 15 * 60_000,
    maxValues: 100_000,
    live: () => notices.live,
    read: async (ids) => {
      const found = await existingUserIds(db, ids);
      return new Map([...found].map((id) => [id, true as const]));
    },
  });
  notices.subscribe((notice) => {
    if (notice.kind === 'account_deleted') seen.drop(notice.userId);
    else if (notice.kind === 'reset') seen.clear();
  });

  return async function accountExists(userId: number): Promise<boolean> {
    return (await seen.get(userId)) === true;
  };
}
