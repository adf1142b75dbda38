import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Users folded per transaction: each locks only these users' rows, briefly. */
const FOLD_BATCH = 1_000;

type SlotRow = { user_id: string; slot: number; messages: number; notifications: number };

/**
 * Folds the unread counts kept in slots (migration 0014) back to one row per user, and drops
 * users whose counts add up to nothing. The slots spread concurrent writes to one user over up to
 * 16 rows; left alone, every user who was ever sent something would keep up to 16 rows for good,
 * most of them adding up to zero once they have read everything. A user's sum, and so their
 * badges, do not change.
 *
 * The fold never waits on anyone, so it can never be part of a deadlock: it takes only the rows
 * it can lock at once (`SKIP LOCKED`; a row being written now is left for the next run) and
 * inserts nothing, so no foreign key check ties it to an account being deleted. Answers how many
 * users it looked at.
 */
export async function foldUnreadCounts(db: Database, batch = FOLD_BATCH): Promise<number> {
  let looked = 0;
  let after = -1;
  for (;;) {
    // In key order from where the last batch ended: the primary key index, no whole-table scans.
    const { rows: spread } = await db.execute<{ user_id: string }>(sql`
      select user_id from unread_counts
       where user_id > ${after}
       group by user_id
      having count(*) > 1 or bool_and(messages = 0 and notifications = 0)
       order by user_id
       limit ${batch}`);
    if (spread.length === 0) return looked;
    const userIds = spread.map((row) => Number(row.user_id));
    await db.transaction(async (tx) => {
      const { rows } = await tx.execute<SlotRow>(sql`
        select user_id, slot, messages, notifications from unread_counts
         where user_id = any(${sql.param(userIds)}::bigint[])
         order by user_id, slot
           for update skip locked`);
      const { removed, kept } = foldRows(rows);
      if (removed.length > 0) {
        await tx.execute(sql`
          delete from unread_counts u
           using unnest(${sql.param(removed.map((r) => r.userId))}::bigint[],
                        ${sql.param(removed.map((r) => r.slot))}::smallint[]) as d(user_id, slot)
           where u.user_id = d.user_id and u.slot = d.slot`);
      }
      if (kept.length > 0) {
        await tx.execute(sql`
          update unread_counts u
             set messages = k.messages, notifications = k.notifications
            from unnest(${sql.param(kept.map((r) => r.userId))}::bigint[],
                        ${sql.param(kept.map((r) => r.slot))}::smallint[],
                        ${sql.param(kept.map((r) => r.messages))}::int[],
                        ${sql.param(kept.map((r) => r.notifications))}::int[])
                 as k(user_id, slot, messages, notifications)
           where u.user_id = k.user_id and u.slot = k.slot`);
      }
    });
    looked += userIds.length;
    after = userIds[userIds.length - 1]!;
  }
}

type Slot = { userId: number; slot: number };

/**
 * Of each user's locked rows (in user and slot order), the first keeps the sum and the rest go;
 * when the sum is nothing, all go.
 */
function foldRows(rows: SlotRow[]): {
  removed: Slot[];
  kept: (Slot & { messages: number; notifications: number })[];
} {
  const removed: Slot[] = [];
  const kept: (Slot & { messages: number; notifications: number })[] = [];
  let current: (Slot & { messages: number; notifications: number }) | undefined;
  const finish = () => {
    if (!current) return;
    if (current.messages === 0 && current.notifications === 0) {
      removed.push({ userId: current.userId, slot: current.slot });
    } else kept.push(current);
  };
  for (const row of rows) {
    const userId = Number(row.user_id);
    if (current?.userId === userId) {
      current.messages += row.messages;
      current.notifications += row.notifications;
      removed.push({ userId, slot: row.slot });
      continue;
    }
    finish();
    current = {
      userId,
      slot: row.slot,
      messages: row.messages,
      notifications: row.notifications,
    };
  }
  finish();
  return { removed, kept };
}
