import { useEffect, useRef, useState, type VideoHTMLAttributes } from 'react';
import { resolveMediaUrl } from '../../lib/media';
import { loadHls } from './hls-loader';
import { browserHasMediaSource, browserPlaysHls, playbackPlan } from './playback';

export interface VideoPlayerProps extends Omit<
  VideoHTMLAttributes<HTMLVideoElement>,
  'src' | 'poster' | 'children'
> {
  /** The signed HLS master playlist, once the video is transcoded. */
  hlsUrl?: string | null | undefined;
  /** One playable file: the progressive MP4, or the original of an older video. */
  url?: string | null | undefined;
  poster?: string | null | undefined;
}

/**
 * A `<video>` that streams adaptively: native HLS where the browser has it, else hls.js
 * (loaded on first use), else the single file. A stream that fails falls back to the file.
 * hls.js only fetches segments once the viewer starts the video, so a feed full of videos
 * costs a playlist each, as `preload="metadata"` would.
 */
export function VideoPlayer({ hlsUrl, url, poster, onError, ...videoProps }: VideoPlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const stream = resolveMediaUrl(hlsUrl);
  const file = resolveMediaUrl(url);
  // The stream that failed here; the player then uses the file.
  const [failedStream, setFailedStream] = useState<string | undefined>();
  const plan = playbackPlan({
    hlsUrl: stream !== failedStream ? stream : undefined,
    fileUrl: file,
    nativeHls: browserPlaysHls(),
    mediaSource: browserHasMediaSource(),
  });
  const hlsSource = plan.kind === 'hls.js' ? plan.src : undefined;
  // A list refetch re-signs the URL (new exp/sig) for the same stream: the running player
  // keeps going with the URLs it has rather than restarting the video.
  const latestSource = useRef(hlsSource);
  useEffect(() => {
    latestSource.current = hlsSource;
  });
  const hlsStream = hlsSource?.split('?')[0];

  useEffect(() => {
    const video = ref.current;
    const source = latestSource.current;
    if (!video || !hlsStream || !source) return undefined;
    let cancelled = false;
    let detach: (() => void) | undefined;
    loadHls()
      .then((Hls) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          setFailedStream(source);
          return;
        }
        // No worker: the page's policy allows no blob: workers, and remuxing H.264 is light.
        const hls = new Hls({
          autoStartLoad: false,
          enableWorker: false,
          capLevelToPlayerSize: true,
        });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          console.warn('Video stream failed, playing the file instead:', data.details);
          hls.destroy();
          if (!cancelled) setFailedStream(source);
        });
        let started = false;
        const start = () => {
          if (started) return;
          started = true;
          hls.startLoad();
        };
        video.addEventListener('play', start);
        video.addEventListener('seeking', start);
        hls.loadSource(source);
        hls.attachMedia(video);
        detach = () => {
          video.removeEventListener('play', start);
          video.removeEventListener('seeking', start);
          hls.destroy();
        };
      })
      .catch((error: unknown) => {
        console.warn('Could not load the video streaming code:', error);
        if (!cancelled) setFailedStream(source);
      });
    return () => {
      cancelled = true;
      detach?.();
    };
  }, [hlsStream]);

  return (
    <video
      ref={ref}
      // hls.js sets its own source (a MediaSource) on the element.
      src={plan.kind === 'native-hls' || plan.kind === 'file' ? plan.src : undefined}
      // Chromium's native HLS uses playlists and segments that a redirect took to the bucket's
      // origin only when they were fetched with CORS (the bucket's rule, docs/deploy.md). A
      // single file plays without it, so the fallback MP4 keeps working where no rule is set.
      crossOrigin={plan.kind === 'native-hls' ? 'anonymous' : undefined}
      poster={resolveMediaUrl(poster)}
      data-playback={plan.kind}
      onError={(event) => {
        if (plan.kind === 'native-hls') setFailedStream(plan.src);
        onError?.(event);
      }}
      {...videoProps}
    />
  );
}
