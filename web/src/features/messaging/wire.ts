import { z } from 'zod';
import { isRecord } from '../../lib/api-errors';
import { videoState } from '../../lib/live/frames';
import type { VideoProcessingFields } from '../video/processing';

/**
 * The messaging API's answers as the app uses them: attachments, messages and conversations,
 * parsed leniently from the current and the older wire shapes (malformed rows are skipped).
 */

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
export function parseMessages(body: unknown): ChatMessage[] {
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
