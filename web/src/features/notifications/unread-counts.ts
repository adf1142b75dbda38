import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { conversationsQuery, unreadMessagesOf } from '../messaging';
import { notificationSummaryQuery } from './api';
import { liveKeys } from '../../lib/query-keys';

export interface UnreadCounts {
  notifications: number;
  messages: number;
}

export const ZERO_COUNTS: UnreadCounts = { notifications: 0, messages: 0 };

/** Requests made within this long of each other share one answer (badge and page polls). */
const SHARED_FRESHNESS_MS = 1_000;

/**
 * The sidebar badges. While the socket is live its `unread_counts` frames write this query;
 * while it is down the query polls the notification summary and the conversation list (the
 * latter shared with the Messages screen's own poll). Failures count as 0, silently.
 */
export function unreadCountsQuery(queryClient: QueryClient) {
  return queryOptions({
    queryKey: liveKeys.unreadCounts,
    queryFn: async (): Promise<UnreadCounts> => {
      const [summary, unreadMessages] = await Promise.all([
        queryClient.fetchQuery({ ...notificationSummaryQuery(), staleTime: SHARED_FRESHNESS_MS }),
        queryClient
          .fetchInfiniteQuery({
            ...conversationsQuery(),
            staleTime: SHARED_FRESHNESS_MS,
            retry: false,
          })
          .then(unreadMessagesOf)
          .catch(() => 0),
      ]);
      return {
        notifications: Math.max(0, summary.unread_count),
        messages: unreadMessages,
      };
    },
    retry: false,
  });
}

/** How many live frames have written counts: tells an answer whether one came after it was asked. */
let framesWritten = 0;

/** The counts of a live frame: the server's newest, since it sends one on every change. */
export function setUnreadCountsFromFrame(queryClient: QueryClient, patch: Partial<UnreadCounts>) {
  framesWritten += 1;
  setUnreadCounts(queryClient, patch);
}

/** A mark, taken as a request is sent, for `setUnreadCountsFromAnswer`. */
export const countsAskedAt = (): number => framesWritten;

/**
 * The counts of an HTTP answer, unless a live frame has written counts since the request was sent
 * (`askedAt`): the answer and the frames travel apart, and an answer that arrives late, after the
 * frame of a later change (reading a conversation marks its message notifications read while the
 * click's own mark-read is answered), would put an old count back on the badge.
 */
export function setUnreadCountsFromAnswer(
  queryClient: QueryClient,
  patch: Partial<UnreadCounts>,
  askedAt: number,
) {
  if (askedAt === framesWritten) setUnreadCounts(queryClient, patch);
}

/** Writes counts from a frame or an answer; a count never goes below 0. */
export function setUnreadCounts(queryClient: QueryClient, patch: Partial<UnreadCounts>): void {
  void queryClient.cancelQueries({ queryKey: liveKeys.unreadCounts, exact: true });
  queryClient.setQueryData<UnreadCounts>(liveKeys.unreadCounts, (old) => {
    const next = { ...ZERO_COUNTS, ...old };
    if (patch.messages !== undefined) next.messages = Math.max(0, patch.messages);
    if (patch.notifications !== undefined) next.notifications = Math.max(0, patch.notifications);
    return next;
  });
}
