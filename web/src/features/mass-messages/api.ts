import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  massMessage,
  massMessageList,
  muteState,
  recipientCount,
  welcomeMessageState,
  type MassMessage,
  type SegmentInput,
} from '@zura/contracts';
import { api } from '../../lib/api';

export const massKeys = {
  all: ['mass-messages'] as const,
  list: () => [...massKeys.all, 'list'] as const,
  welcome: () => [...massKeys.all, 'welcome'] as const,
  count: (segment: SegmentInput) => [...massKeys.all, 'count', segment] as const,
  mute: (userId: number) => ['mute', userId] as const,
};

/**
 * How often the list asks again while a message is still going out: progress arrives live
 * (`applyMassProgress`); this only covers a socket that is away.
 */
const PROGRESS_POLL_MS = 10_000;

export function massMessagesQuery() {
  return queryOptions({
    queryKey: massKeys.list(),
    queryFn: ({ signal }) =>
      api.get('/creator/mass-messages/', { schema: massMessageList, signal }),
    refetchInterval: (query) =>
      query.state.data?.results.some((m) => m.status === 'queued' || m.status === 'sending')
        ? PROGRESS_POLL_MS
        : false,
  });
}

/** POST /creator/mass-messages/count/: how many fans the segment reaches now. */
export function recipientCountQuery(segment: SegmentInput, enabled: boolean) {
  return queryOptions({
    queryKey: massKeys.count(segment),
    queryFn: ({ signal }) =>
      api.post('/creator/mass-messages/count/', { segment }, { schema: recipientCount, signal }),
    enabled,
    retry: false,
  });
}

export type MassContentInput = { text: string; media_ids: string[]; price: string | null };

export function sendMassMessage(body: MassContentInput & { segment: SegmentInput }) {
  return api.post('/creator/mass-messages/', body, { schema: massMessage });
}

export function welcomeQuery() {
  return queryOptions({
    queryKey: massKeys.welcome(),
    queryFn: ({ signal }) =>
      api.get('/creator/welcome-message/', { schema: welcomeMessageState, signal }),
  });
}

export function saveWelcome(body: MassContentInput) {
  return api.put('/creator/welcome-message/', body, { schema: welcomeMessageState });
}

export function turnOffWelcome() {
  return api.delete('/creator/welcome-message/', { schema: welcomeMessageState });
}

export function muteQuery(userId: number) {
  return queryOptions({
    queryKey: massKeys.mute(userId),
    queryFn: ({ signal }) => api.get(`/auth/users/${userId}/mute/`, { schema: muteState, signal }),
  });
}

export function setMuted(userId: number, muted: boolean) {
  return muted
    ? api.put(`/auth/users/${userId}/mute/`, {}, { schema: muteState })
    : api.delete(`/auth/users/${userId}/mute/`, { schema: muteState });
}

/**
 * A live `mass_message_progress` frame: the list's copy of that message moves on at once; when
 * it is done the list is read again for its read, unlocked and revenue figures.
 */
export function applyMassProgress(
  queryClient: QueryClient,
  frame: { mass_message_id: number; sent_count: number; status: MassMessage['status'] },
): void {
  queryClient.setQueryData<{ results: MassMessage[] }>(massKeys.list(), (data) =>
    data
      ? {
          ...data,
          results: data.results.map((message) =>
            message.id === frame.mass_message_id
              ? { ...message, sent_count: frame.sent_count, status: frame.status }
              : message,
          ),
        }
      : data,
  );
  if (frame.status === 'sent' || frame.status === 'failed') {
    void queryClient.invalidateQueries({ queryKey: massKeys.all });
  }
}
