import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFallbackPoll } from '../../lib/live/LiveProvider';
import { POLL_MS } from '../../lib/live/policy';
import { ZERO_COUNTS, unreadCountsQuery, type UnreadCounts } from '../notifications';

export type { UnreadCounts } from '../notifications';

/**
 * Badge counts for the sidebar: from the live socket's `unread_counts` frames, or polled
 * (spec rate) while the socket is down. Any failure counts as 0, silently.
 */
export function useUnreadCounts(): UnreadCounts {
  const queryClient = useQueryClient();
  const poll = useFallbackPoll(POLL_MS.notifications);
  const { data } = useQuery({
    ...unreadCountsQuery(queryClient),
    refetchInterval: poll,
    staleTime: poll === false ? Infinity : 0,
  });
  return data ?? ZERO_COUNTS;
}
