import { z } from 'zod';

/** Where a video's transcode is; null for a video stored before transcoding existed. */
export const VIDEO_STATES = ['processing', 'ready', 'failed'] as const;
export type VideoState = (typeof VIDEO_STATES)[number];

/**
 * The video fields of a post, a message attachment, an upload or a library item. Everyone who
 * may see the video gets its URLs; only its owner gets `video_upload_id`, `video_state`,
 * `video_progress` and `video_error` (others never see a video that is not ready).
 */
export const videoFields = z.object({
  /** The progressive MP4 once ready (the original for an older video); null until then. */
  video_url: z.string().nullish(),
  /** The signed HLS master playlist, once ready; null otherwise. */
  video_hls_url: z.string().nullish(),
  poster_url: z.string().nullish(),
  /** The owner's only: the video's upload, which the live `upload_processing` frames name. */
  video_upload_id: z.uuid().optional(),
  video_state: z.enum(VIDEO_STATES).nullish(),
  /** 0–100 while processing. */
  video_progress: z.number().int().min(0).max(100).optional(),
  /** Why processing failed, in a sentence for the uploader. */
  video_error: z.string().nullish(),
});
export type VideoFields = z.infer<typeof videoFields>;
