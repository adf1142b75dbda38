import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Users folded per statement: each statement locks only these users' rows, briefly. */
const FOLD_BATCH = 1_000;

/**
 * Folds the unread counts kept in slots (migration 0014) back to one row per user, and drops
 * users whose counts add up to nothing. The slots spread concurrent writes to one user over up to
 * 16 rows; left alone, every user who was ever sent something would keep up to 16 rows for good,
 * most of them adding up to zero once they have read everything. Badges read the same before
 * and after: a user's sum does not change.
 *
 * A send landing on a row being folded waits for the fold's statement and then writes a new row,
 * so nothing counted is lost. Answers how many users were folded.
 */
export async function foldUnreadCounts(db: Database, batch = FOLD_BATCH): Promise<number> {
  let folded = 0;
  let after = -1;
  for (;;) {
    const { rows } = await db.execute<{ folded: number; last: string | null }>(
      sql`with spread as (
         select user_id from unread_counts
          where user_id > ${after}
          group by user_id
         having count(*) > 1 or bool_and(messages = 0 and notifications = 0)
          order by user_id
          limit ${batch}
       ), moved as (
         delete from unread_counts u using spread
          where u.user_id = spread.user_id
         returning u.user_id, u.messages, u.notifications
       ), kept as (
         insert into unread_counts as counts (user_id, slot, messages, notifications)
         select user_id, 0, sum(messages), sum(notifications) from moved
          group by user_id
         having sum(messages) <> 0 or sum(notifications) <> 0
          order by user_id
         on conflict (user_id, slot) do update
           set messages = counts.messages + excluded.messages,
               notifications = counts.notifications + excluded.notifications
       )
       select count(*)::int as folded, max(user_id)::text as last from spread`,
    );
    const row = rows[0];
    if (!row || row.folded === 0 || row.last === null) return folded;
    folded += row.folded;
    after = Number(row.last);
  }
}
