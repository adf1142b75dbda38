import { isNotNull } from 'drizzle-orm';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Past this many suspended accounts the set is not kept: callers ask the database instead. */
const MAX_KEPT = 10_000;
/** Bounds how long the set could be wrong if a notice were ever lost. */
const MAX_AGE_MS = 60_000;

type Kept = { ids: ReadonlySet<number>; loadedAt: number };

/**
 * Who is suspended, kept once for every viewer: pages of kept posts hide suspended authors
 * without asking the database each time. A suspension or its end sends the `suspensions`
 * notice (migration 0037), which drops the set on every instance.
 */
export function createSuspendedUsers(db: Database, notices: ChangeNotices) {
  let kept: Kept | undefined;
  let loading: Promise<ReadonlySet<number> | undefined> | undefined;
  /** Counts changes, so that a read that raced one is not kept. */
  let generation = 0;

  notices.subscribe((notice) => {
    if (notice.kind !== 'suspensions' && notice.kind !== 'reset') return;
    generation += 1;
    kept = undefined;
    loading = undefined;
  });

  async function read(): Promise<ReadonlySet<number> | undefined> {
    const started = generation;
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(isNotNull(users.suspendedAt))
      .limit(MAX_KEPT + 1);
    const ids = rows.length > MAX_KEPT ? undefined : new Set(rows.map((row) => row.id));
    if (ids && generation === started && notices.live) kept = { ids, loadedAt: Date.now() };
    return ids;
  }

  /** The suspended accounts, or undefined when they cannot be told from memory. */
  return function suspendedUsers(): Promise<ReadonlySet<number> | undefined> {
    if (!notices.live) return Promise.resolve(undefined);
    if (kept && Date.now() - kept.loadedAt < MAX_AGE_MS) return Promise.resolve(kept.ids);
    if (loading) return loading;
    const pending = read().finally(() => {
      if (loading === pending) loading = undefined;
    });
    loading = pending;
    return pending;
  };
}
