import { z } from 'zod';
import { WATCH_POSTS_MAX } from '@zura/contracts';

/** What a client may send on /ws/notifications/. The first frame must be `auth`. */
export const clientFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    token: z.string().min(1).max(4096),
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

/** Close codes, so clients can tell why. 1006 from the client side means the network. */
export const CLOSE = {
  authFailed: 4401,
  authTimeout: 4408,
  originRefused: 4403,
  badFrame: 4400,
} as const;

export const AUTH_TIMEOUT_MS = 10_000;
export const HEARTBEAT_MS = 30_000;
export const MAX_FRAME_BYTES = 4096;
export const REPLAY_LIMIT = 200;
