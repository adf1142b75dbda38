import { serverFrame, type ServerFrame } from '@zura/contracts';

// One union for the server's senders and this reader: contracts/src/live-frames.ts.
export type { ClientFrame, ServerFrame, VideoState } from '@zura/contracts';

/**
 * A text frame as a known server frame; undefined for anything else (ignored). Frames are
 * still parsed here, unlike HTTP answers: an unknown or older frame is skipped, not trusted.
 */
export function parseServerFrame(data: unknown): ServerFrame | undefined {
  if (typeof data !== 'string') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = serverFrame.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
