import { describe, expect, it } from 'vitest';
import {
  conversationIdOf,
  markedRead,
  mergeNotifications,
  newestNotificationId,
  notificationAge,
  noticeOf,
  parseNotification,
  postIdOf,
  type AppNotification,
} from './api';

function item(id: number, isRead = false): AppNotification {
  return {
    id,
    title: `New message ${id}`,
    message: `n${id}`,
    notification_type: 'message',
    kind: 'message_received',
    is_read: isRead,
    read_at: null,
    created_at: '2025-01-01T00:00:00Z',
    data: { preview: `n${id}` },
  };
}

describe('notification age', () => {
  const now = Date.UTC(2025, 0, 2, 12, 0, 0);
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it.each([
    [0, { unit: 'now' }],
    [59_000, { unit: 'now' }],
    [-30_000, { unit: 'now' }],
    [60_000, { unit: 'minutes', count: 1 }],
    [59 * 60_000, { unit: 'minutes', count: 59 }],
    [60 * 60_000, { unit: 'hours', count: 1 }],
    [23 * 3_600_000 + 59 * 60_000, { unit: 'hours', count: 23 }],
  ])('%i ms ago', (ms, age) => {
    expect(notificationAge(ago(ms), now)).toEqual(age);
  });

  it('is a date from a day on, nothing for junk', () => {
    expect(notificationAge(ago(24 * 3_600_000), now)).toMatchObject({ unit: 'date' });
    expect(notificationAge('junk', now)).toBeUndefined();
  });
});

describe('notification list', () => {
  it('merges newest first without duplicates', () => {
    const merged = mergeNotifications([item(3), item(1)], [item(2), item(3, true)]);
    expect(merged.map((n) => n.id)).toEqual([3, 2, 1]);
    expect(merged[0]?.is_read).toBe(true);
  });

  it('marks one or all read', () => {
    const list = [item(2), item(1)];
    expect(markedRead(list, 1, 'now').map((n) => n.is_read)).toEqual([false, true]);
    expect(markedRead(list, 'all', 'now').every((n) => n.is_read && n.read_at === 'now')).toBe(
      true,
    );
  });

  it('finds the newest id', () => {
    expect(newestNotificationId([item(2), item(7), item(3)])).toBe(7);
    expect(newestNotificationId([])).toBeUndefined();
    expect(newestNotificationId(undefined)).toBeUndefined();
  });

  const wire = {
    id: 1,
    title: 'New message from kate',
    message: 'hi',
    notification_type: 'message' as const,
    kind: 'message_received' as const,
    is_read: false,
    read_at: null,
    created_at: '2025-01-01T00:00:00Z',
    data: { conversation_id: 12, sender_username: 'kate', preview: 'hi' },
  };

  it('reads the conversation and the post a notification names in its data', () => {
    expect(conversationIdOf(wire)).toBe(12);
    expect(postIdOf(wire)).toBeNull();
    const liked = { ...wire, id: 3, notification_type: 'like' as const, data: { post_id: 41 } };
    expect(postIdOf(liked)).toBe(41);
    expect(conversationIdOf(liked)).toBeNull();
    const odd = { ...wire, data: { conversation_id: 'x', post_id: null } };
    expect(conversationIdOf(odd)).toBeNull();
    expect(postIdOf(odd)).toBeNull();
  });

  it('renders a known kind from its facts', () => {
    expect(noticeOf(wire)).toEqual({
      kind: 'message_received',
      facts: { conversation_id: 12, sender_username: 'kate', preview: 'hi' },
    });
  });

  it('shows a kind it does not know by the English words the server sent', () => {
    const newer = { ...wire, kind: 'party_started', title: 'Party', message: 'kate threw one' };
    const parsed = parseNotification(newer);
    expect(parsed && noticeOf(parsed)).toEqual({
      kind: 'text',
      facts: { title: 'Party', message: 'kate threw one' },
    });
  });

  it('reads a live frame body, ignoring one without an id', () => {
    expect(parseNotification(wire)).toEqual(wire);
    const withoutData = parseNotification({ ...wire, data: null });
    expect(withoutData && conversationIdOf(withoutData)).toBeNull();
    expect(parseNotification({ nope: true })).toBeUndefined();
  });
});
