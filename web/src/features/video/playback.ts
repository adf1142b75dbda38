/**
 * How a video plays: its HLS stream natively (Safari, iOS, some Android browsers), its HLS
 * stream through hls.js (browsers with Media Source Extensions), or its single file (the
 * progressive MP4, or the original of a video stored before transcoding existed).
 */
export type PlaybackPlan =
  | { kind: 'native-hls'; src: string }
  | { kind: 'hls.js'; src: string }
  | { kind: 'file'; src: string }
  | { kind: 'none' };

export interface PlaybackInput {
  hlsUrl: string | undefined;
  fileUrl: string | undefined;
  /** `video.canPlayType('application/vnd.apple.mpegurl')` answered something. */
  nativeHls: boolean;
  /** Media Source Extensions exist (what hls.js needs). */
  mediaSource: boolean;
}

export function playbackPlan({
  hlsUrl,
  fileUrl,
  nativeHls,
  mediaSource,
}: PlaybackInput): PlaybackPlan {
  if (hlsUrl && nativeHls) return { kind: 'native-hls', src: hlsUrl };
  if (hlsUrl && mediaSource) return { kind: 'hls.js', src: hlsUrl };
  if (fileUrl) return { kind: 'file', src: fileUrl };
  return { kind: 'none' };
}

const HLS_MIME = 'application/vnd.apple.mpegurl';

let nativeHlsAnswer: boolean | undefined;

/** Whether this browser plays HLS in a plain `<video>`; asked once. */
export function browserPlaysHls(): boolean {
  if (nativeHlsAnswer === undefined) {
    nativeHlsAnswer =
      typeof document !== 'undefined' &&
      document.createElement('video').canPlayType(HLS_MIME) !== '';
  }
  return nativeHlsAnswer;
}

/** Whether hls.js can work here (Media Source Extensions, or Apple's managed variant). */
export function browserHasMediaSource(): boolean {
  if (typeof window === 'undefined') return false;
  const scope = window as unknown as Record<string, unknown>;
  return typeof scope.MediaSource === 'function' || typeof scope.ManagedMediaSource === 'function';
}
