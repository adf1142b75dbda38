import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { liveKeys } from '../../lib/query-keys';
import {
  countsAskedAt,
  setUnreadCountsFromAnswer,
  setUnreadCountsFromFrame,
  type UnreadCounts,
} from './unread-counts';

const countsIn = (queryClient: QueryClient) =>
  queryClient.getQueryData<UnreadCounts>(liveKeys.unreadCounts);

describe('the badge counts from live frames and HTTP answers', () => {
  it("keeps a frame's count over an answer to a request sent before the frame came", () => {
    const queryClient = new QueryClient();
    setUnreadCountsFromFrame(queryClient, { messages: 2, notifications: 3 });
    // A click marks one notice read; meanwhile reading the conversation marks the others, and
    // its frame arrives before the click's answer, which was counted in between.
    const askedAt = countsAskedAt();
    setUnreadCountsFromFrame(queryClient, { messages: 1, notifications: 1 });
    setUnreadCountsFromAnswer(queryClient, { notifications: 2 }, askedAt);
    expect(countsIn(queryClient)).toEqual({ messages: 1, notifications: 1 });
  });

  it('takes the answer when no frame came after its request (the socket down, or quiet)', () => {
    const queryClient = new QueryClient();
    setUnreadCountsFromFrame(queryClient, { messages: 0, notifications: 3 });
    setUnreadCountsFromAnswer(queryClient, { notifications: 2 }, countsAskedAt());
    expect(countsIn(queryClient)).toEqual({ messages: 0, notifications: 2 });
  });
});
