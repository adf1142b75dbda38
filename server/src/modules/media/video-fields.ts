import type { UploadRow } from '../../db/schema/index.ts';
import type { MediaSigner } from './signing.ts';

/** What of a video upload its fields are made from; a post's joined columns give the same. */
export type VideoSource = Pick<
  UploadRow,
  'id' | 'variants' | 'videoState' | 'videoProgress' | 'videoError' | 'renditions'
>;

/** Whether others may see a video: a finished one, or one stored before transcoding existed. */
export function isVideoPublished(video: Pick<UploadRow, 'videoState'>): boolean {
  return video.videoState === null || video.videoState === 'ready';
}

/**
 * A video's URLs for a viewer allowed to see it: `video_url` is the progressive MP4 once the
 * transcode is done (the original for a video stored before transcoding existed, and nothing
 * while it is processing or failed), `video_hls_url` the signed master playlist once done. Its
 * owner also learns where the transcode is (`video_state`, `video_progress`, `video_error`)
 * and which upload it is (`video_upload_id`, the id the live `upload_processing` frames name:
 * a video still processing has no URL that would tell it); nobody else does. With `markFor`
 * (a gated video seen by another than its owner) the stream, the MP4 and the poster are that
 * viewer's own.
 */
export function presentVideoFields(
  video: VideoSource,
  isOwner: boolean,
  signer: MediaSigner,
  markFor?: number,
) {
  const ready = video.videoState === 'ready' && video.renditions !== null;
  // A gated video reaches another viewer as their own stream (issue 35): segment by segment the
  // variant their keyed code picks, and their MP4 is those segments remuxed (`marked-mp4.ts`).
  // A video stored before transcoding has neither, so its one file is not given them.
  const marked = markFor !== undefined && !isOwner;
  const url = ready
    ? marked
      ? signer.markedUrl(video.id, 'mp4', markFor)
      : signer.url(video.id, 'mp4')
    : video.videoState === null && !marked
      ? signer.url(video.id, 'original')
      : null;
  const fields = {
    video_url: url,
    video_hls_url: ready
      ? marked
        ? signer.markedHlsUrl(video.id, markFor)
        : signer.hlsUrl(video.id)
      : null,
    // Its poster is a still of the video, so a gated one is the viewer's marked copy as well.
    poster_url: video.variants.poster
      ? marked
        ? signer.markedUrl(video.id, 'poster', markFor)
        : signer.url(video.id, 'poster')
      : null,
  };
  if (!isOwner) return fields;
  return {
    ...fields,
    video_upload_id: video.id,
    video_state: video.videoState,
    video_progress: video.videoProgress,
    video_error: video.videoError,
  };
}

export type PresentedVideoFields = ReturnType<typeof presentVideoFields>;
