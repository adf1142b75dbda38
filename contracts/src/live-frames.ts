import { z } from 'zod';
import { callSummary } from './calls.ts';
import { postCountsFrame, WATCH_POSTS_MAX } from './engagement.ts';
import { chatMessage } from './messaging.ts';
import { notification } from './notifications.ts';
import { VIDEO_STATES } from './video-fields.ts';

/**
 * The frames of /ws/notifications/ (docs/live-protocol.md): one union for the server's senders
 * and the web's reader. A frame's body is the schema the HTTP API answers with for the same
 * thing (a message as `chatMessage`, a notification as `notification`, a call as
 * `callSummary`), so a frame and an answer cannot drift apart. Objects are loose: a client
 * ignores fields it does not know.
 */
export const serverFrame = z.discriminatedUnion('type', [
  // expires_at: when the server closes the socket (epoch ms) unless the token is renewed on it.
  z.looseObject({
    type: z.literal('auth_ok'),
    user_id: z.number().int(),
    expires_at: z.number().int().optional(),
  }),
  z.looseObject({
    type: z.literal('unread_counts'),
    messages: z.number().int(),
    notifications: z.number().int(),
  }),
  // A new message in one of the user's conversations, as the user sees it (sent or received).
  z.looseObject({
    type: z.literal('message'),
    conversation_id: z.number().int(),
    message: chatMessage,
  }),
  // A new notification; `replay: true` on the missed ones sent after `auth`.
  z.looseObject({
    type: z.literal('notification'),
    notification,
    replay: z.boolean().optional(),
  }),
  // The user read a conversation (on any of their devices): its unread count is 0.
  z.looseObject({ type: z.literal('read'), conversation_id: z.number().int() }),
  z.looseObject({ type: z.literal('notifications_read'), unread_count: z.number().int() }),
  z.looseObject({ type: z.literal('error'), detail: z.string().optional() }),
  z.looseObject({ type: z.literal('pong') }),
  // A watched post's kept counts changed (`watch_posts`).
  postCountsFrame,
  // One of the user's own videos being transcoded: its state and percentage (0..100).
  z.looseObject({
    type: z.literal('upload_processing'),
    upload_id: z.string(),
    state: z.enum(VIDEO_STATES),
    progress: z.number(),
    error: z.string().nullish(),
  }),
  // A call of the user's changed state (rings, answered, ended, missed).
  z.looseObject({ type: z.literal('call'), call: callSummary }),
  // One of the creator's own mass messages going out: copies written so far and its status.
  z.looseObject({
    type: z.literal('mass_message_progress'),
    mass_message_id: z.number().int(),
    recipient_count: z.number().int(),
    sent_count: z.number().int(),
    status: z.enum(['queued', 'sending', 'sent', 'failed']),
  }),
]);
export type ServerFrame = z.infer<typeof serverFrame>;
export type ServerFrameType = ServerFrame['type'];

/** The longest access token an `auth` frame carries. */
export const AUTH_TOKEN_MAX_LENGTH = 4096;

/**
 * What a client may send on the same socket; the server parses every frame with this. The first
 * frame must be `auth`.
 */
export const clientFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    token: z.string().min(1).max(AUTH_TOKEN_MAX_LENGTH),
    /** The newest notification id the client has; newer ones are replayed. */
    last_notification_id: z.number().int().min(0).optional(),
  }),
  z.object({ type: z.literal('mark_read'), notification_id: z.number().int().positive() }),
  z.object({ type: z.literal('mark_all_read') }),
  z.object({ type: z.literal('ping') }),
  /** The posts on screen, for their live counts; replaces the socket's previous list. */
  z.object({
    type: z.literal('watch_posts'),
    post_ids: z.array(z.number().int().positive()).max(WATCH_POSTS_MAX),
  }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;
export type ClientFrameType = ClientFrame['type'];
