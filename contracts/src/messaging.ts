import { z } from 'zod';
import { callSummary } from './calls.ts';
import { videoFields } from './video-fields.ts';

/**
 * Limits of one-to-one messages, shared by the server's route schema and service and by the
 * web's composer, so the three cannot drift apart again.
 */

/** The longest message text, in characters (after trimming, as the server stores it). */
export const MESSAGE_MAX_LENGTH = 5000;

/** The refusal of a text past {@link MESSAGE_MAX_LENGTH}. */
export const MESSAGE_TOO_LONG = `Messages can be at most ${MESSAGE_MAX_LENGTH} characters long.`;

/** The conversation list's pages: `?limit=` defaults to this many and accepts at most the max. */
export const CONVERSATIONS_PAGE_DEFAULT = 30;
export const CONVERSATIONS_PAGE_MAX = 100;

/** Response schemas of `/api/messaging/`; the live `message` frame carries `chatMessage`. */

/** An attachment; a video's processing state is its sender's only. */
export const messageAttachment = videoFields.extend({
  id: z.string(),
  original_filename: z.string(),
  file_size: z.number().int(),
  content_type: z.string(),
  file_url: z.string(),
  thumbnail_url: z.string().nullable(),
  is_image: z.boolean(),
  /**
   * Issue 35: over a paid message's video, the text of the visible mark its buyer's copies carry
   * (`@name · host`, as the sender's default has it), which the web lays over the player; null
   * when none. Only on videos.
   */
  visible_mark: z.string().nullable().optional(),
});

/** A message as one participant sees it; a locked one not paid for has no text nor files. */
export const chatMessage = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  text: z.string(),
  created_at: z.string(),
  timestamp: z.string(),
  sender: z.number().int().nullable(),
  sender_name: z.string(),
  has_media: z.boolean(),
  is_locked: z.boolean(),
  is_unlocked: z.boolean(),
  /** Dollars, as the spec's payload has it; `price_cents` is exact. */
  price: z.number(),
  price_cents: z.number().int(),
  attachments: z.array(messageAttachment),
  is_system: z.boolean(),
  roomId: z.string().nullable(),
  /** The call a system message announces, with its state; null on every other message. */
  call: callSummary.nullable(),
});
export const chatMessageList = z.array(chatMessage);

export const conversationSummary = z.object({
  id: z.number().int(),
  other_user: z.object({
    /** Null once the other user deleted their account. */
    id: z.number().int().nullable(),
    username: z.string(),
    avatar: z.string().nullable(),
  }),
  unread_count: z.number().int(),
  updated_at: z.string(),
  created_at: z.string(),
  last_message: z
    .object({
      id: z.number().int(),
      text: z.string(),
      has_media: z.boolean(),
      is_locked: z.boolean(),
      is_unlocked: z.boolean(),
      is_system: z.boolean(),
      sender: z.number().int().nullable(),
      created_at: z.string(),
    })
    .nullable(),
});
export const conversationSummaryList = z.array(conversationSummary);

/** GET /api/messaging/attachments/: the files the caller has sent, newest first. */
export const sentAttachmentList = z.array(
  messageAttachment.extend({
    uploaded_at: z.string(),
    sender_id: z.number().int(),
    sender_username: z.string(),
    message_id: z.number().int(),
  }),
);
