import { useEffect, useRef, useState, type VideoHTMLAttributes } from 'react';
import { resolveMediaUrl } from '../../lib/media';
import { onSourceFailed, type ResumePoint } from './expiry-recovery';
import { loadHls } from './hls-loader';
import { browserHasMediaSource, browserPlaysHls, playbackPlan } from './playback';
import { useRefreshSignedUrls } from './use-refresh-signed-urls';

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
 * costs a playlist each, as `preload="metadata"` would. A URL that failed because its
 * signature expired (a long pause) is read again and the video resumes where it was
 * (`expiry-recovery.ts`).
 */
export function VideoPlayer({
  hlsUrl,
  url,
  poster,
  onError,
  onLoadedMetadata,
  ...videoProps
}: VideoPlayerProps) {
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
  const current = plan.kind === 'none' ? undefined : plan.src;
  const hlsSource = plan.kind === 'hls.js' ? plan.src : undefined;
  // A list refetch re-signs the URL (new exp/sig) for the same stream: the running player
  // keeps going with the URLs it has rather than restarting the video.
  const latestSource = useRef(hlsSource);
  useEffect(() => {
    latestSource.current = hlsSource;
  });
  const hlsStream = hlsSource?.split('?')[0];

  const refresh = useRefreshSignedUrls();
  // A recovery under way: where to pick the video up once a fresh URL arrives.
  const resumeRef = useRef<ResumePoint | undefined>(undefined);
  // Restarts the running hls.js player on a fresh URL (set by the effect that runs it).
  const restartHls = useRef<((source: string) => void) | undefined>(undefined);

  /** `source` failed: read fresh URLs and resume on them, or `giveUp` as before. */
  const recover = (source: string, giveUp: () => void) => {
    const video = ref.current;
    const next = onSourceFailed(source, resumeRef.current, {
      at: video?.currentTime ?? 0,
      playing: video ? !video.paused : false,
    });
    if (next.action === 'give-up') {
      resumeRef.current = undefined;
      giveUp();
      return;
    }
    resumeRef.current = next.resume;
    void refresh(source).then(
      (fresh) => {
        if (fresh || resumeRef.current !== next.resume) return;
        resumeRef.current = undefined;
        giveUp();
      },
      () => {
        resumeRef.current = undefined;
        giveUp();
      },
    );
  };
  // hls.js's handlers are set up once per player: they call the latest `recover`.
  const recoverRef = useRef(recover);
  useEffect(() => {
    recoverRef.current = recover;
  });

  /** Puts a video recovered on `loaded` (a fresh URL) back where it was, playing if it played. */
  const resumeHere = (video: HTMLVideoElement, loaded: string | undefined) => {
    const point = resumeRef.current;
    if (!point || loaded === point.stale) return;
    resumeRef.current = undefined;
    if (point.at > 0) video.currentTime = point.at;
    if (point.playing) video.play().catch(() => undefined);
  };
  const resumeHereRef = useRef(resumeHere);
  useEffect(() => {
    resumeHereRef.current = resumeHere;
  });

  // The fresh URL of a stream whose signature expired: hls.js starts again on it.
  useEffect(() => {
    const point = resumeRef.current;
    if (point && hlsSource && hlsSource !== point.stale) restartHls.current?.(hlsSource);
  }, [hlsSource]);

  useEffect(() => {
    const video = ref.current;
    const first = latestSource.current;
    if (!video || !hlsStream || !first) return undefined;
    let cancelled = false;
    let detach: (() => void) | undefined;
    loadHls()
      .then((Hls) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          setFailedStream(first);
          return;
        }
        const run = (source: string) => {
          const point = resumeRef.current;
          // No worker: the page's policy allows no blob: workers, and remuxing H.264 is light.
          const hls = new Hls({
            autoStartLoad: false,
            enableWorker: false,
            capLevelToPlayerSize: true,
            // At most 30 s ahead, whatever the bitrate: hls.js would otherwise fetch a whole
            // small rendition (60 MB of buffer) that a viewer on mobile data may never watch.
            maxMaxBufferLength: 30,
            ...(point && point.at > 0 ? { startPosition: point.at } : {}),
          });
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal || cancelled) return;
            const fallBack = () => {
              console.warn('Video stream failed, playing the file instead:', data.details);
              hls.destroy();
              if (!cancelled) setFailedStream(source);
            };
            // A playlist or segment refused: most likely its signature expired.
            if (data.type === Hls.ErrorTypes.NETWORK_ERROR) recoverRef.current(source, fallBack);
            else fallBack();
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
          // Started again after an expiry: load at once, from where the video was.
          if (point) {
            hls.once(Hls.Events.MANIFEST_PARSED, () => {
              start();
              resumeHereRef.current(video, source);
            });
          }
          detach = () => {
            video.removeEventListener('play', start);
            video.removeEventListener('seeking', start);
            hls.destroy();
          };
        };
        run(first);
        restartHls.current = (fresh) => {
          detach?.();
          if (!cancelled) run(fresh);
        };
      })
      .catch((error: unknown) => {
        console.warn('Could not load the video streaming code:', error);
        if (!cancelled) setFailedStream(first);
      });
    return () => {
      cancelled = true;
      restartHls.current = undefined;
      detach?.();
    };
  }, [hlsStream]);

  return (
    <video
      ref={ref}
      // hls.js sets its own source (a MediaSource) on the element.
      src={plan.kind === 'native-hls' || plan.kind === 'file' ? plan.src : undefined}
      poster={resolveMediaUrl(poster)}
      data-playback={plan.kind}
      // Chromium's native HLS uses playlists and segments that a redirect took to the bucket's
      // origin only when they were fetched with CORS (the bucket's rule, docs/deploy.md). A
      // single file plays without it, so the fallback MP4 keeps working where no rule is set.
      crossOrigin={plan.kind === 'native-hls' ? 'anonymous' : undefined}
      onLoadedMetadata={(event) => {
        if (plan.kind !== 'hls.js') resumeHere(event.currentTarget, current);
        onLoadedMetadata?.(event);
      }}
      onError={(event) => {
        if (plan.kind === 'native-hls') {
          const failed = plan.src;
          recover(failed, () => setFailedStream(failed));
        } else if (plan.kind === 'file') {
          recover(plan.src, () => undefined);
        }
        onError?.(event);
      }}
      {...videoProps}
    />
  );
}
