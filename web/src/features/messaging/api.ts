import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';
import { InvalidResponseError, isRecord } from '../../lib/api-errors';
import { videoState } from '../../lib/live/frames';
import { uploadWithProgress } from '../../lib/upload';
import type { VideoProcessingFields } from '../video/processing';
import { upsertMessages, type MessageThread } from './thread';

// ---------------------------------------------------------------------------------------------
// Shapes

const idValue = z.union([z.number(), z.string()]);

const rawAttachment = z.looseObject({
  id: idValue,
  original_filename: z.string().nullish(),
  file_size: z.number().nullish(),
  content_type: z.string().nullish(),
  file_url: z.string().nullish(),
  thumbnail_url: z.string().nullish(),
  is_image: z.boolean().nullish(),
  // A video's playable forms, and (to its sender only) its transcoding.
  video_url: z.string().nullish(),
  video_hls_url: z.string().nullish(),
  poster_url: z.string().nullish(),
  video_state: videoState.nullish().catch(undefined),
  video_progress: z.number().nullish(),
  video_error: z.string().nullish(),
});

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

function toAttachment(raw: z.infer<typeof rawAttachment>): Attachment {
  const contentType = raw.content_type ?? '';
  return {
    id: String(raw.id),
    name: raw.original_filename || 'file',
    size: raw.file_size ?? null,
    contentType,
    url: raw.file_url ?? null,
    thumbnailUrl: raw.thumbnail_url ?? null,
    isImage: raw.is_image ?? contentType.startsWith('image/'),
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

const rawMessage = z.looseObject({
  id: z.number(),
  conversation_id: z.number().nullish(),
  text: z.string().nullish(),
  created_at: z.string().nullish(),
  timestamp: z.string().nullish(),
  sender: z.number().nullish(),
  sender_name: z.string().nullish(),
  has_media: z.boolean().nullish(),
  is_locked: z.boolean().nullish(),
  is_unlocked: z.boolean().nullish(),
  price: z.union([z.number(), z.string()]).nullish(),
  price_cents: z.number().nullish(),
  attachments: z.array(z.unknown()).nullish(),
  is_system: z.boolean().nullish(),
  roomId: z.string().nullish(),
});

export interface ChatMessage {
  id: number;
  conversationId: number | null;
  text: string;
  /** `created_at`, or `timestamp` in the older shape; '' when neither is present. */
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
}

function priceCentsOf(raw: z.infer<typeof rawMessage>): number {
  if (typeof raw.price_cents === 'number') return raw.price_cents;
  const dollars = typeof raw.price === 'string' ? Number(raw.price) : raw.price;
  if (typeof dollars === 'number' && Number.isFinite(dollars) && dollars > 0) {
    return Math.round(dollars * 100);
  }
  return DEFAULT_PRICE_CENTS;
}

function toMessage(raw: z.infer<typeof rawMessage>): ChatMessage {
  const attachments = (raw.attachments ?? []).flatMap((item) => {
    const parsed = rawAttachment.safeParse(item);
    return parsed.success ? [toAttachment(parsed.data)] : [];
  });
  return {
    id: raw.id,
    conversationId: raw.conversation_id ?? null,
    text: raw.text ?? '',
    createdAt: raw.created_at ?? raw.timestamp ?? '',
    senderId: raw.sender ?? null,
    senderName: raw.sender_name ?? '',
    hasMedia: raw.has_media ?? attachments.length > 0,
    isLocked: raw.is_locked ?? false,
    isUnlocked: raw.is_unlocked ?? false,
    priceCents: priceCentsOf(raw),
    attachments,
    isSystem: raw.is_system ?? false,
    roomId: raw.roomId ?? null,
  };
}

export function parseMessage(body: unknown): ChatMessage | undefined {
  const parsed = rawMessage.safeParse(body);
  return parsed.success ? toMessage(parsed.data) : undefined;
}

/** A list of messages (bare array or `results`); malformed rows are skipped. */
function parseMessages(body: unknown): ChatMessage[] {
  return conversationList(body).flatMap((item) => {
    const message = parseMessage(item);
    return message ? [message] : [];
  });
}

const rawLastMessage = z.looseObject({
  id: z.number().nullish(),
  text: z.string().nullish(),
  has_media: z.boolean().nullish(),
  is_locked: z.boolean().nullish(),
  is_unlocked: z.boolean().nullish(),
  is_system: z.boolean().nullish(),
  sender: z.number().nullish(),
  created_at: z.string().nullish(),
});

export interface LastMessage {
  text: string;
  hasMedia: boolean;
  isLocked: boolean;
  isUnlocked: boolean;
  createdAt: string | null;
}

/** The current shape (`other_user`, `unread_count`, ...) and the older one (`name`, ...). */
const rawConversation = z.looseObject({
  id: idValue,
  other_user: z
    .looseObject({
      id: z.number().nullish(),
      username: z.string().nullish(),
      avatar: z.string().nullish(),
    })
    .nullish(),
  unread_count: z.number().nullish(),
  updated_at: z.string().nullish(),
  last_message: rawLastMessage.nullish(),
  name: z.string().nullish(),
  avatar: z.string().nullish(),
  unread: z.number().nullish(),
  lastActive: z.string().nullish(),
});

export interface Conversation {
  id: number;
  otherUser: { id: number | null; username: string; avatar: string | null };
  unreadCount: number;
  updatedAt: string | null;
  lastMessage: LastMessage | null;
}

function toConversation(raw: z.infer<typeof rawConversation>): Conversation | undefined {
  const id = Number(raw.id);
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const last = raw.last_message;
  return {
    id,
    otherUser: {
      id: raw.other_user?.id ?? null,
      username: raw.other_user?.username ?? raw.name ?? '',
      avatar: raw.other_user?.avatar ?? raw.avatar ?? null,
    },
    unreadCount: Math.max(0, raw.unread_count ?? raw.unread ?? 0),
    updatedAt: raw.updated_at ?? raw.lastActive ?? null,
    lastMessage: last
      ? {
          text: last.text ?? '',
          hasMedia: last.has_media ?? false,
          isLocked: last.is_locked ?? false,
          isUnlocked: last.is_unlocked ?? false,
          createdAt: last.created_at ?? null,
        }
      : null,
  };
}

/** The list arrives as a bare array, or inside `results`, `data` or `conversations`. */
export function conversationList(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (isRecord(body)) {
    for (const key of ['results', 'data', 'conversations']) {
      const value = body[key];
      if (Array.isArray(value)) return value;
    }
  }
  return [];
}

export function parseConversations(body: unknown): Conversation[] {
  return conversationList(body).flatMap((item) => {
    const parsed = rawConversation.safeParse(item);
    const conversation = parsed.success ? toConversation(parsed.data) : undefined;
    return conversation ? [conversation] : [];
  });
}

export function totalUnread(conversations: readonly Pick<Conversation, 'unreadCount'>[]): number {
  return conversations.reduce((sum, conversation) => sum + conversation.unreadCount, 0);
}

// ---------------------------------------------------------------------------------------------
// Queries

export const messagingKeys = {
  all: ['messaging'] as const,
  conversations: () => [...messagingKeys.all, 'conversations'] as const,
  threads: () => [...messagingKeys.all, 'thread'] as const,
  thread: (conversationId: number) => [...messagingKeys.threads(), conversationId] as const,
};

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
  return parseMessages(await api.get(messagesPath(conversationId, clean), { signal }));
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
  const message = parseMessage(await api.post(path, body));
  if (!message) throw new InvalidResponseError(path);
  return message;
}

/** POST /messaging/messages/{id}/unlock/: charges the wallet, answers the full message. */
export async function unlockMessage(messageId: number): Promise<ChatMessage> {
  const path = `/messaging/messages/${messageId}/unlock/`;
  const message = parseMessage(await api.post(path));
  if (!message) throw new InvalidResponseError(path);
  return message;
}

const uploadedFile = z.looseObject({ id: z.string() });

/** One file of a message, uploaded ahead of sending (context `message_attachment`). */
export function uploadMessageAttachment(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('file', file);
  form.append('context', 'message_attachment');
  return uploadWithProgress('/uploads/', form, { schema: uploadedFile, onProgress, signal });
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

const startedConversation = z.looseObject({ id: z.union([z.number(), z.string()]) });

/**
 * POST /messaging/conversations/start_conversation/ (an existing conversation is reused by
 * the server) and remember it as the active one.
 */
export async function startConversation(recipientId: number) {
  const conversation = await api.post(
    '/messaging/conversations/start_conversation/',
    { recipient_id: recipientId },
    { schema: startedConversation },
  );
  storeActiveConversationId(conversation.id);
  return conversation;
}
