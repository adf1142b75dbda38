import { z } from 'zod';
import { postCountsFrame } from './engagement.ts';
import { VIDEO_STATES } from './video-fields.ts';

/**
 * What the server sends on /ws/notifications/: one union for the server's senders and the
 * web's reader. The message and notification bodies are checked by their features (they
 * carry `chatMessage` and a notification); here they are only required to be objects.
 */
const body = z.record(z.string(), z.unknown());

export const serverFrame = z.discriminatedUnion('type', [
  // expires_at: when the server closes the socket (epoch ms) unless the token is renewed on it.
  z.looseObject({
    type: z.literal('auth_ok'),
    user_id: z.number(),
    expires_at: z.number().optional(),
  }),
  z.looseObject({
    type: z.literal('unread_counts'),
    messages: z.number(),
    notifications: z.number(),
  }),
  z.looseObject({ type: z.literal('message'), conversation_id: z.number(), message: body }),
  z.looseObject({
    type: z.literal('notification'),
    notification: body,
    replay: z.boolean().optional(),
  }),
  z.looseObject({ type: z.literal('read'), conversation_id: z.number() }),
  z.looseObject({ type: z.literal('notifications_read'), unread_count: z.number() }),
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
  // A call of the user's changed state (rings, answered, ended, missed): a `callSummary`.
  z.looseObject({ type: z.literal('call'), call: body }),
  // One of the creator's own mass messages going out: copies written so far and its status.
  z.looseObject({
    type: z.literal('mass_message_progress'),
    mass_message_id: z.number(),
    sent_count: z.number(),
    status: z.enum(['queued', 'sending', 'sent', 'failed']),
  }),
]);
export type ServerFrame = z.infer<typeof serverFrame>;

/** What the web sends on the same socket. */
export type ClientFrame =
  | { type: 'auth'; token: string; last_notification_id?: number }
  | { type: 'mark_read'; notification_id: number }
  | { type: 'mark_all_read' }
  | { type: 'ping' }
  | { type: 'watch_posts'; post_ids: number[] };
