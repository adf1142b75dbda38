import { renderNotice } from '@zura/contracts';
import type { NotificationRow } from '../../db/schema/index.ts';

/**
 * A notification as the API gives it: kind and facts, which the web renders in its reader's
 * language, and their English rendering as `title`/`message` for API clients (computed here,
 * no query: the list stays one statement a page).
 */
export function presentNotification(row: NotificationRow) {
  let answer = presented.get(row);
  if (!answer) {
    answer = present(row);
    presented.set(row, answer);
  }
  return answer;
}

/**
 * Each row's answer, made once: a kept page (`kept-notification-pages.ts`) hands out the same
 * row objects until the reader's notifications change, and rows are never changed in place.
 */
const presented = new WeakMap<NotificationRow, ReturnType<typeof present>>();

function present(row: NotificationRow) {
  const { title, message } = renderNotice(row.kind, row.data, 'en');
  return {
    id: row.id,
    title,
    message,
    notification_type: row.type,
    kind: row.kind,
    is_read: row.isRead,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    data: row.data,
  };
}
