import type { NotificationRow } from '../../db/schema/index.ts';

export function presentNotification(row: NotificationRow) {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    notification_type: row.type,
    is_read: row.isRead,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    data: row.data,
  };
}
