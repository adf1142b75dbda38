import type { ChatMessage, Conversation } from './api';

/** The cached messages of one conversation, ascending by id. */
export interface MessageThread {
  messages: ChatMessage[];
  /** Whether older messages may exist before the first one held. */
  hasOlder: boolean;
  /** When the newest page was loaded in full (its signed file URLs expire after ~1 h). */
  loadedAt: number;
}

/**
 * Merges `incoming` into `held`: new ids are added, known ids replaced (an unlocked message
 * comes back with its text), and the result is ascending by id. Returns `held` itself when
 * nothing changes, so React Query keeps the same reference.
 */
export function upsertMessages(
  held: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  if (incoming.length === 0) return held as ChatMessage[];
  const byId = new Map(held.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * A new message for the conversation list: its preview and time change, it moves to the top,
 * and a message from the other user that is not on screen adds one unread.
 */
export function withNewMessage(
  conversations: readonly Conversation[],
  conversationId: number,
  message: ChatMessage,
  countAsUnread = false,
): Conversation[] {
  const index = conversations.findIndex((conversation) => conversation.id === conversationId);
  const current = conversations[index];
  if (!current) return conversations as Conversation[];
  const updated: Conversation = {
    ...current,
    unread_count: current.unread_count + (countAsUnread ? 1 : 0),
    updated_at: message.created_at || current.updated_at,
    last_message: {
      id: message.id,
      text: message.text,
      has_media: message.has_media,
      is_locked: message.is_locked,
      is_unlocked: message.is_unlocked,
      is_system: message.is_system,
      sender: message.sender,
      created_at: message.created_at,
    },
  };
  return [updated, ...conversations.slice(0, index), ...conversations.slice(index + 1)];
}

/** The conversation list after `conversationId` was read: its unread count is 0. */
export function withConversationRead(
  conversations: readonly Conversation[],
  conversationId: number,
): Conversation[] {
  if (!conversations.some((c) => c.id === conversationId && c.unread_count > 0)) {
    return conversations as Conversation[];
  }
  return conversations.map((conversation) =>
    conversation.id === conversationId ? { ...conversation, unread_count: 0 } : conversation,
  );
}

/**
 * Which conversation the screen opens: the one asked for (from a notification or the
 * profile's Message button) when it is in the list, else the first one.
 */
export function pickConversation(
  conversations: readonly Conversation[],
  wanted: number | undefined,
): Conversation | undefined {
  return conversations.find((c) => c.id === wanted) ?? conversations[0];
}

/** Conversations whose other user's name contains the search text (case-insensitive). */
export function filterConversations(
  conversations: readonly Conversation[],
  search: string,
): Conversation[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return conversations as Conversation[];
  return conversations.filter((c) => c.other_user.username.toLocaleLowerCase().includes(needle));
}

/** Consecutive messages of one sender within this long share one time label. */
const TIME_GROUP_MS = 5 * 60 * 1000;

/**
 * Whether a message shows its time: the last of a run of messages from the same sender
 * written within five minutes of each other (system messages always show theirs).
 */
export function showsTime(message: ChatMessage, next: ChatMessage | undefined): boolean {
  if (!next || message.is_system || next.is_system || next.sender !== message.sender) {
    return true;
  }
  const gap = new Date(next.created_at).getTime() - new Date(message.created_at).getTime();
  return !(gap >= 0 && gap < TIME_GROUP_MS) || dayKeyOf(next) !== dayKeyOf(message);
}

function dayKeyOf(message: ChatMessage): string {
  const date = new Date(message.created_at);
  return Number.isNaN(date.getTime()) ? '' : date.toDateString();
}
