import type { ServerFrame } from '@zura/contracts';

// One union for the server's senders and this reader: contracts/src/live-frames.ts.
export type { ClientFrame, ServerFrame, VideoState } from '@zura/contracts';

type FrameType = ServerFrame['type'];
type FieldsOf<T extends FrameType> = Exclude<keyof Extract<ServerFrame, { type: T }>, 'type'>;

/**
 * The fields each frame must carry, typed against the contract's union: a field renamed there
 * fails the typecheck here. Checked by hand rather than with the contract's zod schema so the
 * socket, which every signed-in page opens at once, does not bring zod to the first visit
 * (issue 20, first-visit budget).
 */
const REQUIRED_FIELDS: { [T in FrameType]: readonly FieldsOf<T>[] } = {
  auth_ok: ['user_id'],
  unread_counts: ['messages', 'notifications'],
  message: ['conversation_id', 'message'],
  notification: ['notification'],
  read: ['conversation_id'],
  notifications_read: ['unread_count'],
  error: [],
  pong: [],
  post_counts: ['post_id', 'like_count', 'comment_count'],
  upload_processing: ['upload_id', 'state', 'progress'],
  mass_message_progress: ['mass_message_id', 'recipient_count', 'sent_count', 'status'],
  call: ['call'],
};

function isFrameType(value: unknown): value is FrameType {
  return typeof value === 'string' && Object.hasOwn(REQUIRED_FIELDS, value);
}

/**
 * A text frame as a known server frame; undefined for anything else (ignored). Frames are still
 * checked here, unlike HTTP answers: a frame of an unknown type, or of a known type without its
 * fields (an older or newer server), is skipped, not trusted.
 */
export function parseServerFrame(data: unknown): ServerFrame | undefined {
  if (typeof data !== 'string') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const frame = json as Record<string, unknown>;
  if (!isFrameType(frame.type)) return undefined;
  const required: readonly string[] = REQUIRED_FIELDS[frame.type];
  const complete = required.every((field) => frame[field] !== undefined && frame[field] !== null);
  return complete ? (frame as ServerFrame) : undefined;
}
