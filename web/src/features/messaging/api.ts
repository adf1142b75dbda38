import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { isRecord } from '../../lib/api-errors';
import { client, type Answer } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload';
import { upsertMessages, type MessageThread } from './thread';
import { messagingKeys } from '../../lib/query-keys';

// ---------------------------------------------------------------------------------------------
// Shapes: the answers as the served document types them (contracts/src/openapi.ts), read as
// they come (type-only imports: no zod runs in the browser for these calls).

/** A message as one participant sees it; a locked one not paid for has no text nor files. */
export type ChatMessage = Answer<'/api/messaging/conversations/{id}/messages/', 'get'>[number];
/** One file of a message. */
export type Attachment = ChatMessage['attachments'][number];
/** A conversation of the list, with its other user and its last message. */
export type Conversation = Answer<'/api/messaging/conversations/', 'get'>[number];
export type LastMessage = NonNullable<Conversation['last_message']>;

/**
 * The body of a live `message` frame (the server sends the message as its answers do); a
 * frame body without a numeric id is not a message and is ignored.
 */
function isMessage(body: unknown): body is ChatMessage {
  return isRecord(body) && typeof body.id === 'number';
}

export function parseMessage(body: unknown): ChatMessage | undefined {
  return isMessage(body) ? body : undefined;
}

export function totalUnread(conversations: readonly Pick<Conversation, 'unread_count'>[]): number {
  return conversations.reduce((sum, conversation) => sum + conversation.unread_count, 0);
}

// ---------------------------------------------------------------------------------------------
// Queries

/** Spec §7: the newest 50 first, older pages of 50 on demand. */
export const MESSAGE_PAGE_SIZE = 50;
/** Catching up after a gap asks for this many at a time until a short page. */
const CATCH_UP_PAGE_SIZE = 200;
/**
 * File URLs are signed for about an hour; a thread held longer than this is loaded afresh
 * (newest page) instead of only asking for newer messages, so its previews keep working.
 */
const THREAD_RELOAD_AFTER_MS = 30 * 60 * 1000;

export function fetchMessages(
  conversationId: number,
  query: { after?: number; before?: number; limit?: number },
  signal?: AbortSignal,
): Promise<ChatMessage[]> {
  return client.GET('/api/messaging/conversations/{id}/messages/', {
    path: { id: conversationId },
    query,
    signal,
  });
}

/** Every message after `afterId`, page by page. */
async function fetchAllAfter(
  conversationId: number,
  afterId: number,
  signal?: AbortSignal,
): Promise<ChatMessage[]> {
  const collected: ChatMessage[] = [];
  let cursor = afterId;
  for (;;) {
    const page = await fetchMessages(
      conversationId,
      { after: cursor, limit: CATCH_UP_PAGE_SIZE },
      signal,
    );
    collected.push(...page);
    const last = page[page.length - 1];
    if (page.length < CATCH_UP_PAGE_SIZE || !last || last.id <= cursor) return collected;
    cursor = last.id;
  }
}

/**
 * The messages of one conversation. The first fetch loads the newest page; every later one
 * (the fallback poll, a reconnect) asks only for messages after the newest id it holds and
 * merges them, so nothing is lost and nothing is loaded twice; after half an hour the newest
 * page is loaded afresh for new file URLs. Reading clears the unread count on the server.
 */
export function threadQuery(queryClient: QueryClient, conversationId: number) {
  const key = messagingKeys.thread(conversationId);
  return queryOptions({
    queryKey: key,
    queryFn: async ({ signal }): Promise<MessageThread> => {
      const held = queryClient.getQueryData<MessageThread>(key);
      const newest = held?.messages[held.messages.length - 1];
      if (held && newest && Date.now() - held.loadedAt < THREAD_RELOAD_AFTER_MS) {
        const newer = await fetchAllAfter(conversationId, newest.id, signal);
        // Live frames may have added messages meanwhile: merge into what is held now.
        const latest = queryClient.getQueryData<MessageThread>(key) ?? held;
        return { ...latest, messages: upsertMessages(latest.messages, newer) };
      }
      const page = await fetchMessages(conversationId, {}, signal);
      // Live frames that arrived meanwhile are newer than the page: keep them.
      const oldest = page[0]?.id ?? 0;
      const live = (queryClient.getQueryData<MessageThread>(key)?.messages ?? []).filter(
        (message) => message.id > oldest,
      );
      return {
        messages: upsertMessages(page, live),
        hasOlder: page.length >= MESSAGE_PAGE_SIZE,
        loadedAt: Date.now(),
      };
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Commands

export interface SendMessageInput {
  text: string;
  isLocked?: boolean;
  /** Dollars as typed ("5.00"); only with `isLocked`. */
  price?: string;
  fileIds?: string[];
  isSystem?: boolean;
  roomId?: string;
}

export function sendMessage(conversationId: number, input: SendMessageInput): Promise<ChatMessage> {
  return client.POST('/api/messaging/conversations/{id}/send_message/', {
    path: { id: conversationId },
    body: {
      text: input.text,
      is_locked: input.isLocked ?? false,
      uploaded_file_uuids: input.fileIds ?? [],
      is_system: input.isSystem ?? false,
      ...(input.isLocked && input.price !== undefined && { price: input.price }),
      ...(input.roomId !== undefined && { roomId: input.roomId }),
    },
  });
}

/** POST /messaging/messages/{id}/unlock/: charges the wallet, answers the full message. */
export function unlockMessage(messageId: number): Promise<ChatMessage> {
  return client.POST('/api/messaging/messages/{id}/unlock/', { path: { id: messageId } });
}

/** One file of a message, uploaded ahead of sending (context `message_attachment`). */
export function uploadMessageAttachment(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
) {
  return uploadWithProgress(
    '/api/uploads/',
    { file, context: 'message_attachment' },
    { onProgress, signal },
  );
}

// ---------------------------------------------------------------------------------------------
// The active conversation

/** Spec: the started conversation's id is kept here and opened by the messages screen. */
export const ACTIVE_CONVERSATION_STORAGE_KEY = 'activeConversationId';

export function readActiveConversationId(): number | undefined {
  try {
    const value = Number(globalThis.localStorage?.getItem(ACTIVE_CONVERSATION_STORAGE_KEY));
    return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

export function storeActiveConversationId(id: number | string): void {
  try {
    globalThis.localStorage?.setItem(ACTIVE_CONVERSATION_STORAGE_KEY, String(id));
  } catch {
    // Storage disabled: the messages screen then opens its first conversation.
  }
}

/**
 * POST /messaging/conversations/start_conversation/ (an existing conversation is reused by
 * the server) and remember it as the active one.
 */
export async function startConversation(recipientId: number) {
  const conversation = await client.POST('/api/messaging/conversations/start_conversation/', {
    body: { recipient_id: recipientId },
  });
  storeActiveConversationId(conversation.id);
  return conversation;
}
