import type { PostMediaItem } from '@zura/contracts';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { POST_IMAGE_SIZES, resolveMediaUrl, resolveSrcset } from '../../../lib/media';
import { cn } from '../../../ui/cn';
import { VideoPlayer } from '../../video';
import { VideoProcessingNotice } from '../../video';
import { videoUploadId } from '../../video';
import { useVideoProcessing } from '../../video';
import { MARKED_VIDEO_PROPS, MarkedVideoBox } from '../../video';
import { slideAfterSwipe, shouldLoadSlide } from '../carousel';

export interface PostCarouselProps {
  files: readonly PostMediaItem[];
  username: string;
  /** The viewer's visible mark, laid over the post's videos (issue 35); null for none. */
  visibleMark?: string | null | undefined;
  className?: string;
}

/** Past this many pixels sideways (and more sideways than down) a drag turns the slide. */
const SWIPE_PX = 40;

/**
 * A post's files one at a time: swipe (mouse, pen or touch), the previous/next buttons, or the
 * arrow keys once focused; "2 / 5" says where the viewer is. The box keeps one height, so turning
 * slides never moves the page. Images load when they are next to the one shown, with their size
 * given; only the shown slide's video exists as a player, so nothing off-screen plays.
 */
export function PostCarousel({ files, username, visibleMark, className }: PostCarouselProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  // Slides ever near the shown one keep their image once loaded, so going back never reloads.
  const [reached, setReached] = useState(1);
  const [drag, setDrag] = useState(0);
  const start = useRef<{ x: number; y: number } | null>(null);
  const count = files.length;

  const go = (next: number) => {
    const clamped = Math.min(Math.max(next, 0), count - 1);
    setIndex(clamped);
    setReached((furthest) => Math.max(furthest, clamped + 1));
  };

  const handlePointerDown = (event: PointerEvent) => {
    if (event.button !== 0) return;
    start.current = { x: event.clientX, y: event.clientY };
  };
  const handlePointerMove = (event: PointerEvent) => {
    if (!start.current) return;
    const dx = event.clientX - start.current.x;
    if (Math.abs(dx) > Math.abs(event.clientY - start.current.y)) setDrag(dx);
  };
  const handlePointerEnd = (event: PointerEvent) => {
    if (!start.current) return;
    const dx = event.clientX - start.current.x;
    const dy = event.clientY - start.current.y;
    start.current = null;
    setDrag(0);
    if (event.type === 'pointerup') go(slideAfterSwipe(index, dx, dy, SWIPE_PX));
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    // A focused video's own controls take the arrows (seeking).
    if (event.target instanceof HTMLVideoElement) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      go(index + (event.key === 'ArrowRight' ? 1 : -1));
    }
  };

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={t('posts.carousel.label', { username })}
      tabIndex={0}
      onKeyDown={handleKeyDown}
      className={cn(
        'relative overflow-hidden rounded-xl bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600',
        className,
      )}
    >
      <div
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={handlePointerEnd}
        onPointerCancel={handlePointerEnd}
        onPointerLeave={handlePointerEnd}
        className={cn(
          'flex h-80 touch-pan-y select-none sm:h-96',
          drag === 0 && 'transition-transform duration-300 motion-reduce:transition-none',
        )}
        style={{ transform: `translateX(calc(${-index * 100}% + ${drag}px))` }}
      >
        {files.map((file, position) => {
          const shown = position === index;
          return (
            <div
              key={position}
              role="group"
              aria-roledescription="slide"
              aria-label={t('posts.carousel.slide', { position: position + 1, count })}
              aria-hidden={!shown}
              inert={!shown}
              className="flex h-full w-full shrink-0 items-center justify-center"
            >
              <Slide
                file={file}
                shown={shown}
                load={shouldLoadSlide(position, index, reached)}
                username={username}
                visibleMark={visibleMark}
              />
            </div>
          );
        })}
      </div>

      <p
        aria-live="polite"
        className="absolute top-2 end-2 rounded-full bg-slate-900/70 px-2 py-0.5 text-xs font-medium text-white tabular-nums"
      >
        {t('posts.carousel.counter', { position: index + 1, count })}
      </p>
      <CarouselButton
        side="previous"
        disabled={index === 0}
        onClick={() => go(index - 1)}
        label={t('posts.carousel.previous')}
      />
      <CarouselButton
        side="next"
        disabled={index === count - 1}
        onClick={() => go(index + 1)}
        label={t('posts.carousel.next')}
      />
    </div>
  );
}

interface CarouselButtonProps {
  side: 'previous' | 'next';
  disabled: boolean;
  onClick: () => void;
  label: string;
}

function CarouselButton({ side, disabled, onClick, label }: CarouselButtonProps) {
  const Icon = side === 'previous' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      className={cn(
        'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/85 p-1.5 text-slate-800 shadow ring-1 ring-slate-200 hover:bg-white focus-visible:outline-2 focus-visible:outline-violet-600 disabled:opacity-0',
        side === 'previous' ? 'left-2' : 'right-2',
      )}
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}

interface SlideProps {
  file: PostMediaItem;
  shown: boolean;
  load: boolean;
  username: string;
  visibleMark?: string | null | undefined;
}

function Slide({ file, shown, load, username, visibleMark }: SlideProps) {
  const { t } = useTranslation();
  if (file.kind === 'video') {
    return <VideoSlide file={file} shown={shown} username={username} visibleMark={visibleMark} />;
  }
  const src = resolveMediaUrl(file.url);
  if (!load || !src) return null;
  return (
    <img
      src={src}
      srcSet={resolveSrcset(file.srcset)}
      sizes={POST_IMAGE_SIZES}
      alt={t('posts.imageAlt', { username })}
      width={file.width ?? undefined}
      height={file.height ?? undefined}
      loading="lazy"
      decoding="async"
      draggable={false}
      className="h-auto max-h-full w-auto max-w-full object-contain"
    />
  );
}

/** The shown video as a player; others as their poster, so leaving a slide stops its video. */
function VideoSlide({ file, shown, username, visibleMark }: Omit<SlideProps, 'load'>) {
  const { t } = useTranslation();
  const processing = useVideoProcessing(
    videoUploadId([file.url, file.video_hls_url, file.poster_url]),
    file,
  );
  if (processing) {
    return (
      <VideoProcessingNotice
        processing={processing}
        poster={file.poster_url}
        hint={t(processing.state === 'failed' ? 'video.failedHint' : 'video.processingHint')}
        className="w-full"
      />
    );
  }
  const poster = resolveMediaUrl(file.poster_url);
  if (!shown) {
    return poster ? (
      <img src={poster} alt="" loading="lazy" className="max-h-full max-w-full object-contain" />
    ) : null;
  }
  const player = (
    <VideoPlayer
      hlsUrl={file.video_hls_url}
      url={file.url}
      poster={file.poster_url}
      controls
      preload="metadata"
      playsInline
      width={file.width ?? undefined}
      height={file.height ?? undefined}
      aria-label={t('posts.videoLabel', { username })}
      className="max-h-full w-full bg-black"
      {...(visibleMark ? MARKED_VIDEO_PROPS : {})}
    />
  );
  if (!visibleMark) return player;
  // The viewer's name over a gated video, as their image copies carry it (issue 35).
  return (
    <MarkedVideoBox mark={visibleMark} className="flex h-full w-full items-center justify-center">
      {player}
    </MarkedVideoBox>
  );
}
