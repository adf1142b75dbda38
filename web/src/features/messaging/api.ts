import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  CallSummary,
  chatMessage,
  conversationSummary,
  messageAttachment,
  uploadedFile,
} from '@zura/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { isRecord } from '../../lib/api-errors';
import { uploadWithProgress } from '../../lib/upload';
import type { VideoProcessingFields } from '../video';
import { upsertMessages, type MessageThread } from './thread';
import { messagingKeys } from '../../lib/query-keys';

// ---------------------------------------------------------------------------------------------
// Shapes: the server serializes through the contracts' schemas, so their types are the
// answers' shapes (type-only imports: no zod runs in the browser for these calls).

type WireMessage = z.infer<typeof chatMessage>;
type WireAttachment = z.infer<typeof messageAttachment>;
export type WireConversation = z.infer<typeof conversationSummary>;
type UploadedFile = z.infer<typeof uploadedFile>;

export interface Attachment {
  id: string;
  name: string;
  size: number | null;
  contentType: string;
  url: string | null;
  thumbnailUrl: string | null;
  isImage: boolean;
  /** A video's file to play (the progressive MP4 once transcoded); `url` downloads it. */
  videoUrl: string | null;
  videoHlsUrl: string | null;
  posterUrl: string | null;
  /** The sender's own video still being transcoded, or failed (video_* fields). */
  video: VideoProcessingFields;
}

function toAttachment(raw: WireAttachment): Attachment {
  return {
    id: raw.id,
    // An upload stored without a name still needs a label to download it by.
    name: raw.original_filename || 'file',
    size: raw.file_size,
    contentType: raw.content_type,
    url: raw.file_url,
    thumbnailUrl: raw.thumbnail_url,
    isImage: raw.is_image,
    videoUrl: raw.video_url ?? null,
    videoHlsUrl: raw.video_hls_url ?? null,
    posterUrl: raw.poster_url ?? null,
    video: {
      video_state: raw.video_state,
      video_progress: raw.video_progress,
      video_error: raw.video_error,
    },
  };
}

/** Spec §9: the unlock price shown when a locked message names none. */
const DEFAULT_PRICE_CENTS = 500;

export interface ChatMessage {
  id: number;
  conversationId: number | null;
  text: string;
  createdAt: string;
  senderId: number | null;
  senderName: string;
  hasMedia: boolean;
  isLocked: boolean;
  isUnlocked: boolean;
  priceCents: number;
  attachments: Attachment[];
  isSystem: boolean;
  roomId: string | null;
  /** The call a system message announces, with its state (issue 32); null otherwise. */
  call: CallSummary | null;
}

export function toMessage(raw: WireMessage): ChatMessage {
  return {
    id: raw.id,
    conversationId: raw.conversation_id,
    text: raw.text,
    createdAt: raw.created_at,
    senderId: raw.sender,
    senderName: raw.sender_name,
    hasMedia: raw.has_media,
    isLocked: raw.is_locked,
    isUnlocked: raw.is_unlocked,
    priceCents: raw.price_cents > 0 ? raw.price_cents : DEFAULT_PRICE_CENTS,
    attachments: raw.attachments.map(toAttachment),
    isSystem: raw.is_system,
    roomId: raw.roomId,
    call: raw.call ?? null,
  };
}

/**
 * The body of a live `message` frame (the server sends `chatMessage` there too); a frame
 * body without a numeric id is not a message and is ignored.
 */
export function parseMessage(body: unknown): ChatMessage | undefined {
  if (!isRecord(body) || typeof body.id !== 'number') return undefined;
  return toMessage(body as WireMessage);
}

export interface LastMessage {
  text: string;
  hasMedia: boolean;
  isLocked: boolean;
  isUnlocked: boolean;
  /** A call announcement: previewed in the reader's language, not by the server's text. */
  isSystem: boolean;
  createdAt: string | null;
}

export interface Conversation {
  id: number;
  otherUser: { id: number | null; username: string; avatar: string | null };
  unreadCount: number;
  updatedAt: string | null;
  lastMessage: LastMessage | null;
}

export function toConversation(raw: WireConversation): Conversation {
  const last = raw.last_message;
  return {
    id: raw.id,
    otherUser: raw.other_user,
    unreadCount: raw.unread_count,
    updatedAt: raw.updated_at,
    lastMessage: last
      ? {
          text: last.text,
          hasMedia: last.has_media,
          isLocked: last.is_locked,
          isUnlocked: last.is_unlocked,
          isSystem: last.is_system,
          createdAt: last.created_at,
        }
      : null,
  };
}

export function totalUnread(conversations: readonly Pick<Conversation, 'unreadCount'>[]): number {
  return conversations.reduce((sum, conversation) => sum + conversation.unreadCount, 0);
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

function messagesPath(conversationId: number, params: Record<string, number>): string {
  const query = new URLSearchParams(
    Object.entries(params).map(([key, value]) => [key, String(value)]),
  ).toString();
  return `/messaging/conversations/${conversationId}/messages/${query ? `?${query}` : ''}`;
}

export async function fetchMessages(
  conversationId: number,
  params: { after?: number; before?: number; limit?: number },
  signal?: AbortSignal,
): Promise<ChatMessage[]> {
  const clean = Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, number] => entry[1] !== undefined),
  );
  const list = await api.get<WireMessage[]>(messagesPath(conversationId, clean), { signal });
  return list.map(toMessage);
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

export async function sendMessage(
  conversationId: number,
  input: SendMessageInput,
): Promise<ChatMessage> {
  const body: Record<string, unknown> = {
    text: input.text,
    is_locked: input.isLocked ?? false,
    uploaded_file_uuids: input.fileIds ?? [],
    is_system: input.isSystem ?? false,
  };
  if (input.isLocked && input.price !== undefined) body.price = input.price;
  if (input.roomId !== undefined) body.roomId = input.roomId;
  const path = `/messaging/conversations/${conversationId}/send_message/`;
  return toMessage(await api.post<WireMessage>(path, body));
}

/** POST /messaging/messages/{id}/unlock/: charges the wallet, answers the full message. */
export async function unlockMessage(messageId: number): Promise<ChatMessage> {
  const path = `/messaging/messages/${messageId}/unlock/`;
  return toMessage(await api.post<WireMessage>(path));
}

/** One file of a message, uploaded ahead of sending (context `message_attachment`). */
export function uploadMessageAttachment(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('file', file);
  form.append('context', 'message_attachment');
  return uploadWithProgress<UploadedFile>('/uploads/', form, { onProgress, signal });
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
  const conversation = await api.post<WireConversation>(
    '/messaging/conversations/start_conversation/',
    { recipient_id: recipientId },
  );
  storeActiveConversationId(conversation.id);
  return conversation;
}
