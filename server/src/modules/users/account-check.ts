import type { Database } from '../../db/client.ts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import { userExists } from './repo.ts';

/** How long an account seen to exist is taken to exist without asking the database again. */
const REMEMBER_MS = 30_000;
const MAX_REMEMBERED = 100_000;

/**
 * Whether the account behind a valid access token still exists: asked on every signed-in
 * request, so accounts seen recently are remembered. A deleted account is forgotten the moment
 * the database's notice arrives (on every instance), so its tokens stop working at once; while
 * notices are not arriving nothing is remembered.
 */
export function createAccountCheck(db: Database, notices: ChangeNotices) {
  /** Account id → until when it is taken to exist; in order of last confirmation. */
  const known = new Map<number, number>();
  /** Counts deletions, so that a lookup that raced one does not remember a gone account. */
  let deletions = 0;

  notices.subscribe((notice) => {
    if (notice.kind === 'account_deleted') {
      deletions += 1;
      known.delete(notice.userId);
    } else if (notice.kind === 'reset') {
      deletions += 1;
      known.clear();
    }
  });

  return async function accountExists(userId: number): Promise<boolean> {
    const now = Date.now();
    const until = known.get(userId);
    if (until !== undefined && until > now && notices.live) return true;
    const seenDeletions = deletions;
    const exists = await userExists(db, userId);
    known.delete(userId);
    if (exists && notices.live && deletions === seenDeletions) {
      known.set(userId, now + REMEMBER_MS);
      // Oldest confirmation first: Map keeps insertion order.
      if (known.size > MAX_REMEMBERED) known.delete(known.keys().next().value as number);
    }
    return exists;
  };
}
