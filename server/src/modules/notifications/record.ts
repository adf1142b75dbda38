import type { Executor } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema/index.ts';
import { noticeOf, type Happening } from './notices.ts';
import { insertNotification, insertNotifications } from './repo.ts';

/** Rows per insert, well within PostgreSQL's 65,535 parameters. */
const INSERT_BATCH = 1000;

/**
 * Writes the notification of what happened, in the caller's transaction: the notice is committed
 * with the event or not at all. Publish the rows once committed (`Notify`).
 */
export function recordNotice(db: Executor, happening: Happening): Promise<NotificationRow> {
  return insertNotification(db, noticeOf(happening));
}

/** Several happenings' notifications, a batch a statement. */
export async function recordNotices(
  db: Executor,
  happenings: readonly Happening[],
): Promise<NotificationRow[]> {
  const rows: NotificationRow[] = [];
  for (let start = 0; start < happenings.length; start += INSERT_BATCH) {
    const batch = happenings.slice(start, start + INSERT_BATCH).map(noticeOf);
    rows.push(...(await insertNotifications(db, batch)));
  }
  return rows;
}
