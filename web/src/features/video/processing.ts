import type { VideoState } from '../../lib/live/frames';

/** Where a video upload stands: transcoding (with its percentage), or failed with a reason. */
export interface VideoProcessing {
  state: VideoState;
  /** 0..100. */
  progress: number;
  /** A sentence for the uploader when the video failed. */
  error: string | null;
}

/** The owner-only fields that posts, attachments and library items carry for a video. */
export interface VideoProcessingFields {
  video_state?: VideoState | null | undefined;
  video_progress?: number | null | undefined;
  video_error?: string | null | undefined;
}

export function clampProgress(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.round(Math.min(Math.max(value, 0), 100));
}

const UPLOAD_ID_IN_MEDIA_URL =
  /\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?=[/?#]|$)/i;

/**
 * The upload behind a media URL (`/media/<upload id>/...`, signed or not), which is the id
 * the live frames name; undefined for any other URL.
 */
export function uploadIdOfMediaUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return UPLOAD_ID_IN_MEDIA_URL.exec(url)?.[1]?.toLowerCase();
}

/** The first upload id found among a video's URLs (its file, stream or poster). */
export function videoUploadId(urls: readonly (string | null | undefined)[]): string | undefined {
  for (const url of urls) {
    const id = uploadIdOfMediaUrl(url);
    if (id) return id;
  }
  return undefined;
}

/**
 * What the server said about a video, when it is not playable yet: undefined for a ready
 * video and for one stored before transcoding existed (both play).
 */
export function serverProcessing(fields: VideoProcessingFields): VideoProcessing | undefined {
  const state = fields.video_state;
  if (state !== 'processing' && state !== 'failed') return undefined;
  return {
    state,
    progress: state === 'failed' ? 0 : clampProgress(fields.video_progress),
    error: state === 'failed' ? (fields.video_error ?? null) : null,
  };
}

/**
 * The state to show: the server's, moved on by newer live frames. A 'ready' frame arrives
 * before the refetched item that carries the playable URLs, so until then the video shows
 * as processing at 100%.
 */
export function currentProcessing(
  server: VideoProcessing | undefined,
  live: VideoProcessing | undefined,
): VideoProcessing | undefined {
  if (!server) return undefined;
  if (!live) return server;
  if (live.state === 'ready') return { state: 'processing', progress: 100, error: null };
  if (live.state === 'failed') return { ...live, error: live.error ?? server.error };
  // Frames are throttled and may be overtaken by a fresher read of the server.
  if (server.state === 'processing') {
    return { ...live, progress: Math.max(live.progress, server.progress) };
  }
  return live;
}
