import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../lib/session';
import { accessToken, memoryStorage } from '../../lib/test-helpers';
import { messagingKeys, type Conversation } from '../messaging/api';
import type { MessageThread } from '../messaging/thread';
import { notificationKeys, type AppNotification } from '../notifications/api';
import { createLiveSync } from './live-sync';
import { liveKeys } from './unread-counts';

let queryClient: QueryClient;

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('navigator', {});
  setSession({ access: accessToken(1, 60), refresh: 'r' });
  queryClient = new QueryClient();
});
afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const conversation: Conversation = {
  id: 5,
  otherUser: { id: 2, username: 'kate', avatar: null },
  unreadCount: 0,
  updatedAt: null,
  lastMessage: null,
};

describe('live frames into the cache', () => {
  it('writes the badge counts', () => {
    const sync = createLiveSync(queryClient);
    sync.onFrame({ type: 'unread_counts', messages: 3, notifications: 120 });
    expect(queryClient.getQueryData(liveKeys.unreadCounts)).toEqual({
      messages: 3,
      notifications: 120,
    });
    sync.onFrame({ type: 'notifications_read', unread_count: -1 });
    expect(queryClient.getQueryData(liveKeys.unreadCounts)).toEqual({
      messages: 3,
      notifications: 0,
    });
  });

  it('appends a message to its thread and updates the list', () => {
    queryClient.setQueryData<MessageThread>(messagingKeys.thread(5), {
      messages: [],
      hasOlder: false,
      loadedAt: Date.now(),
    });
    queryClient.setQueryData<Conversation[]>(messagingKeys.conversations(), [conversation]);
    const sync = createLiveSync(queryClient);
    sync.onFrame({
      type: 'message',
      conversation_id: 5,
      message: { id: 10, text: 'hello', sender: 2, created_at: '2025-01-01T00:00:00Z' },
    });
    expect(
      queryClient.getQueryData<MessageThread>(messagingKeys.thread(5))?.messages.map((m) => m.id),
    ).toEqual([10]);
    const [updated] = queryClient.getQueryData<Conversation[]>(messagingKeys.conversations()) ?? [];
    expect(updated?.lastMessage?.text).toBe('hello');
    // Not on screen (no observer): it counts as unread.
    expect(updated?.unreadCount).toBe(1);
    sync.onFrame({ type: 'read', conversation_id: 5 });
    expect(
      queryClient.getQueryData<Conversation[]>(messagingKeys.conversations())?.[0]?.unreadCount,
    ).toBe(0);
  });

  it('adds notifications to the list and remembers the newest id', () => {
    queryClient.setQueryData<AppNotification[]>(notificationKeys.list(), []);
    const sync = createLiveSync(queryClient);
    expect(sync.lastNotificationId()).toBeUndefined();
    sync.onFrame({ type: 'notification', notification: { id: 8, title: 'a' } });
    sync.onFrame({ type: 'notification', notification: { id: 9, title: 'b' }, replay: true });
    sync.onFrame({ type: 'notification', notification: { id: 9, title: 'b' } });
    expect(
      queryClient.getQueryData<AppNotification[]>(notificationKeys.list())?.map((n) => n.id),
    ).toEqual([9, 8]);
    expect(sync.lastNotificationId()).toBe(9);
    sync.onFrame({ type: 'notifications_read', unread_count: 0 });
    expect(
      queryClient.getQueryData<AppNotification[]>(notificationKeys.list())?.every((n) => n.isRead),
    ).toBe(true);
  });

  it('forgets the newest id of another user', () => {
    const sync = createLiveSync(queryClient);
    sync.onFrame({ type: 'notification', notification: { id: 8 } });
    expect(sync.lastNotificationId()).toBe(8);
    setSession({ access: accessToken(2, 60), refresh: 'r2' });
    expect(sync.lastNotificationId()).toBeUndefined();
  });

  it('refetches what was missed after a reconnect only', () => {
    const sync = createLiveSync(queryClient);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    sync.onLive(false);
    expect(invalidate).not.toHaveBeenCalled();
    sync.onLive(true);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: messagingKeys.all });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationKeys.list() });
  });
});
