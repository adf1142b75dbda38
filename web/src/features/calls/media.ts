export interface AcquiredMedia {
  stream: MediaStream;
  audio: boolean;
  video: boolean;
  /** The last failure's message when the stream has neither audio nor video. */
  warning?: string;
}

type GetUserMedia = (constraints: MediaStreamConstraints) => Promise<MediaStream>;

/** The failure's message, or `fallback` (spec: 'Access denied') when it has none. */
export function mediaErrorText(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return fallback;
}

const CHAIN: readonly MediaStreamConstraints[] = [
  { audio: true, video: true },
  { audio: true, video: false },
  { audio: false, video: true },
];

/**
 * Spec §8 media fall-back: audio and video, then audio only, then video only, then an empty
 * stream with both shown off (and a warning naming the last error).
 */
export async function acquireMedia(
  getUserMedia: GetUserMedia | undefined,
  createEmptyStream: () => MediaStream,
  fallbackError: string,
): Promise<AcquiredMedia> {
  let lastError: unknown = new Error(fallbackError);
  if (getUserMedia) {
    for (const constraints of CHAIN) {
      try {
        const stream = await getUserMedia(constraints);
        return {
          stream,
          audio: stream.getAudioTracks().length > 0,
          video: stream.getVideoTracks().length > 0,
        };
      } catch (error) {
        lastError = error;
      }
    }
  }
  return {
    stream: createEmptyStream(),
    audio: false,
    video: false,
    warning: mediaErrorText(lastError, fallbackError),
  };
}
