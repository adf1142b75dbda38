import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFallbackPoll } from '../../lib/live/LiveProvider';
import { POLL_MS } from '../../lib/live/policy';
import {
  countsAskedAt,
  setUnreadCounts,
  setUnreadCountsFromAnswer,
  type UnreadCounts,
} from './unread-counts';
import {
  markAllNotificationsRead,
  markNotificationRead,
  markedRead,
  notificationsQuery,
  type AppNotification,
} from './api';
import { liveKeys, notificationKeys } from '../../lib/query-keys';

/** The notification list; polled every 1.5 s only while the live socket is down. */
export function useNotifications() {
  return useQuery({
    ...notificationsQuery(),
    refetchInterval: useFallbackPoll(POLL_MS.notifications),
    refetchOnMount: 'always',
  });
}

/** Marks one notification read at once on screen; the badge follows the server's count. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => markNotificationRead(id),
    onMutate: (id) => {
      const list = queryClient.getQueryData<AppNotification[]>(notificationKeys.list());
      const wasUnread = list?.some((item) => item.id === id && !item.is_read) ?? false;
      queryClient.setQueryData<AppNotification[]>(notificationKeys.list(), (current) =>
        current ? markedRead(current, id, new Date().toISOString()) : current,
      );
      if (wasUnread) {
        const counts = queryClient.getQueryData<UnreadCounts>(liveKeys.unreadCounts);
        if (counts) setUnreadCounts(queryClient, { notifications: counts.notifications - 1 });
      }
      return { askedAt: countsAskedAt() };
    },
    onSuccess: (answer, _id, context) => {
      setUnreadCountsFromAnswer(
        queryClient,
        { notifications: answer.unread_count },
        context.askedAt,
      );
    },
    onError: (error) => {
      console.warn('Mark notification read failed:', error);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
      void queryClient.invalidateQueries({ queryKey: liveKeys.unreadCounts });
    },
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => {
      queryClient.setQueryData<AppNotification[]>(notificationKeys.list(), (current) =>
        current ? markedRead(current, 'all', new Date().toISOString()) : current,
      );
      setUnreadCounts(queryClient, { notifications: 0 });
    },
    onError: (error) => {
      console.warn('Mark all notifications read failed:', error);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
      void queryClient.invalidateQueries({ queryKey: liveKeys.unreadCounts });
    },
  });
}

/** The current time, advancing every `intervalMs` (for "5m ago" labels). */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
