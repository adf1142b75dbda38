import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { CONVERSATIONS_PAGE_DEFAULT } from '@zura/contracts';
import { API_BASE, type ApiResponse } from '../../lib/api';
import { client, followLink } from '../../lib/api-client';
import { nextPagePath } from '../../lib/link-header';
import { totalUnread, type Conversation } from './api';
import { messagingKeys } from '../../lib/query-keys';

/** One page of the conversation list and the path of the next one (from `Link`). */
export interface ConversationPage {
  conversations: Conversation[];
  next: string | undefined;
  /** Unread messages over all the caller's conversations (`X-Unread-Messages`), if told. */
  unreadMessages: number | undefined;
}

export type ConversationPages = InfiniteData<ConversationPage>;

/** The page after the first is the `Link` href (relative to /api) of the one before. */
async function fetchConversationPage(next: string, signal: AbortSignal): Promise<ConversationPage> {
  return toConversationPage(
    next
      ? await followLink('/api/messaging/conversations/', `${API_BASE}${next}`, { signal })
      : await client.withHeaders.GET('/api/messaging/conversations/', {
          query: { limit: CONVERSATIONS_PAGE_DEFAULT },
          signal,
        }),
  );
}

function toConversationPage({ data, headers }: ApiResponse<Conversation[]>): ConversationPage {
  const unread = Number(headers.get('X-Unread-Messages') ?? Number.NaN);
  return {
    conversations: data,
    next: nextPagePath(headers.get('Link')),
    unreadMessages: Number.isSafeInteger(unread) && unread >= 0 ? unread : undefined,
  };
}

/** The Messages badge from the pages: the server's total, else the sum over the pages held. */
export function unreadMessagesOf(data: ConversationPages | undefined): number {
  return data?.pages[0]?.unreadMessages ?? totalUnread(conversationsOf(data));
}

/** GET /messaging/conversations/: newest activity first, page after page as the feed does. */
export function conversationsQuery() {
  return infiniteQueryOptions({
    queryKey: messagingKeys.conversations(),
    queryFn: ({ pageParam, signal }) => fetchConversationPage(pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (lastPage: ConversationPage) => lastPage.next,
  });
}

/** The conversations of every page held, in order, each once. */
export function conversationsOf(data: ConversationPages | undefined): Conversation[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((page) =>
    page.conversations.filter((item) => !seen.has(item.id) && (seen.add(item.id), true)),
  );
}

/**
 * The pages with `change` applied to the list they hold together, as the live updates write
 * it (a conversation moving to the top, one read). Each page keeps its size and its `next`
 * path: the server's keyset cursors stay right whatever moved above them. Returns `data`
 * itself when nothing changes.
 */
export function updateConversations(
  data: ConversationPages | undefined,
  change: (list: Conversation[]) => Conversation[],
): ConversationPages | undefined {
  if (!data?.pages) return data;
  const held = data.pages.flatMap((page) => page.conversations);
  const changed = change(held);
  if (changed === held) return data;
  let start = 0;
  const pages = data.pages.map((page, index) => {
    const end =
      index === data.pages.length - 1 ? changed.length : start + page.conversations.length;
    const conversations = changed.slice(start, end);
    start = end;
    return { ...page, conversations };
  });
  return { ...data, pages };
}

/** Whether a conversation is among the pages held. */
export function holdsConversation(data: ConversationPages | undefined, id: number): boolean {
  return data?.pages.some((page) => page.conversations.some((item) => item.id === id)) ?? false;
}
