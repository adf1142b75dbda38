import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import type { UserKey } from '../../lib/validation.ts';
import { findUserByIdOrUsername } from '../profiles/index.ts';

type Author = NonNullable<Awaited<ReturnType<typeof findUserByIdOrUsername>>>;

/** Authors remembered at most; past it everything is forgotten at once. */
const MAX_KEPT = 10_000;
/** Bounds how long an author could be wrong if a notice were ever lost. */
const MAX_AGE_MS = 60_000;

/**
 * Authors by id or username as a profile's posts ask for them (`/posts/user/<name>/`), kept
 * until the database notices a change of what a feed shows of its authors (`feed`: the name,
 * the avatar, the lock, the price; migration 0011), a deleted account or a reset, on every
 * instance. A missing author is not kept: a sign-up with that name is seen at once.
 */
export function createKeptAuthors(db: Database, notices: ChangeNotices) {
  const kept = new Map<string, { author: Author; keptAt: number }>();
  /** Counts changes, so that a read that raced one is not kept. */
  let generation = 0;
  notices.subscribe((notice) => {
    if (notice.kind === 'feed' || notice.kind === 'account_deleted' || notice.kind === 'reset') {
      generation += 1;
      kept.clear();
    }
  });

  return async function findAuthor(idOrUsername: UserKey): Promise<Author | undefined> {
    const key = String(idOrUsername).toLowerCase();
    const entry = kept.get(key);
    if (entry && notices.live && Date.now() - entry.keptAt < MAX_AGE_MS) return entry.author;
    const started = generation;
    const author = await findUserByIdOrUsername(db, idOrUsername);
    if (author && notices.live && generation === started) {
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(key, { author, keptAt: Date.now() });
    }
    return author;
  };
}
