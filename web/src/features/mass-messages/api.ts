import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { SegmentInput } from '@zura/contracts';
import { client, type Answer } from '../../lib/api-client';

export const massKeys = {
  all: ['mass-messages'] as const,
  list: () => [...massKeys.all, 'list'] as const,
  welcome: () => [...massKeys.all, 'welcome'] as const,
  count: (segment: SegmentInput) => [...massKeys.all, 'count', segment] as const,
  audience: (q: string) => [...massKeys.all, 'audience', q] as const,
  mute: (userId: number) => ['mute', userId] as const,
};

/**
 * How often the list asks again while a message is still going out: progress arrives live
 * (`applyMassProgress`); this only covers a socket that is away.
 */
const PROGRESS_POLL_MS = 10_000;

/** The creator's mass messages, newest first, as GET /creator/mass-messages/ answers them. */
type MassMessageList = Answer<'/api/creator/mass-messages/', 'get'>;
export type MassMessage = MassMessageList['results'][number];

export function massMessagesQuery() {
  return queryOptions({
    queryKey: massKeys.list(),
    queryFn: ({ signal }) => client.GET('/api/creator/mass-messages/', { signal }),
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
      client.POST('/api/creator/mass-messages/count/', { body: { segment }, signal }),
    enabled,
    retry: false,
  });
}

export type MassContentInput = { text: string; media_ids: string[]; price: string | null };

export function sendMassMessage(body: MassContentInput & { segment: SegmentInput }) {
  return client.POST('/api/creator/mass-messages/', { body });
}

export function welcomeQuery() {
  return queryOptions({
    queryKey: massKeys.welcome(),
    queryFn: ({ signal }) => client.GET('/api/creator/welcome-message/', { signal }),
  });
}

export function saveWelcome(body: MassContentInput) {
  return client.PUT('/api/creator/welcome-message/', { body });
}

export function turnOffWelcome() {
  return client.DELETE('/api/creator/welcome-message/');
}

export function muteQuery(userId: number) {
  return queryOptions({
    queryKey: massKeys.mute(userId),
    queryFn: ({ signal }) =>
      client.GET('/api/auth/users/{idOrUsername}/mute/', {
        path: { idOrUsername: String(userId) },
        signal,
      }),
  });
}

export function setMuted(userId: number, muted: boolean) {
  const options = { path: { idOrUsername: String(userId) } };
  return muted
    ? client.PUT('/api/auth/users/{idOrUsername}/mute/', options)
    : client.DELETE('/api/auth/users/{idOrUsername}/mute/', options);
}

/**
 * A live `mass_message_progress` frame: the list's copy of that message moves on at once; when
 * it is done the list is read again for its read, unlocked and revenue figures.
 */
export function applyMassProgress(
  queryClient: QueryClient,
  frame: { mass_message_id: number; sent_count: number; status: MassMessage['status'] },
): void {
  queryClient.setQueryData<MassMessageList>(massKeys.list(), (data) =>
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
