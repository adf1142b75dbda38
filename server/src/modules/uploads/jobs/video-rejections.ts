/**
 * Why a video upload is refused, in the sentences its uploader reads: the transcode job throws
 * `VideoRejected` for a file it will never be able to convert, and the job does not retry it.
 */

/** A failure the uploader is told about; the job does not retry it. */
export class VideoRejected extends Error {}

export const MESSAGES = {
  unreadable: 'This file could not be read as a video. It may be damaged, or not a video at all.',
  incomplete:
    'This video file is incomplete or damaged: it ends before its stated length. Try uploading it again.',
  broken: 'This video could not be converted: the file appears to be damaged.',
  stalled: 'Processing this video stopped making progress. Try uploading it again.',
  unknown: 'This video could not be processed. Try uploading it again.',
  noFfmpeg:
    'This server cannot process videos yet: its video converter is missing or out of date. Tell the site operator.',
};

export function duration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

export function size(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
