import Maximize from 'lucide-react/icons/maximize';
import Minimize from 'lucide-react/icons/minimize';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { cn } from '../../ui/cn';
import { VisibleMark } from './VisibleMark';

/**
 * What a player under a visible mark is given: the browser's own full screen and
 * picture-in-picture show the `<video>` alone, without the mark above it, so both are off and
 * the box offers its own full screen instead (`MarkedVideoBox`).
 */
export const MARKED_VIDEO_PROPS = { controlsList: 'nofullscreen', disablePictureInPicture: true };

export interface MarkedVideoBoxProps {
  /** The viewer's visible mark (`@name · host`), as the server wrote it. */
  mark: string;
  /** The player, given `MARKED_VIDEO_PROPS`. */
  children: ReactNode;
  className?: string;
}

/**
 * A gated video with the viewer's visible mark over it (issue 35). Full screen takes the box,
 * player and mark together, so the mark stays on screen; Escape or the button leaves it. iOS
 * Safari's own full-screen player, which no page can draw over, is the one place without it.
 */
export function MarkedVideoBox({ mark, children, className }: MarkedVideoBoxProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [fullScreen, setFullScreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullScreen(document.fullscreenElement === box.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const canFullScreen = typeof document !== 'undefined' && document.fullscreenEnabled;
  const toggle = () => {
    if (fullScreen) void document.exitFullscreen().catch(() => undefined);
    else void box.current?.requestFullscreen().catch(() => undefined);
  };
  const label = t(fullScreen ? 'video.exitFullScreen' : 'video.fullScreen');
  return (
    <div
      ref={box}
      data-marked-video=""
      className={cn(
        'relative',
        // In full screen the player fills the screen, the mark over it.
        '[&:fullscreen]:flex [&:fullscreen]:items-center [&:fullscreen]:justify-center [&:fullscreen]:bg-black',
        '[&:fullscreen_video]:h-full [&:fullscreen_video]:max-h-none [&:fullscreen_video]:w-full [&:fullscreen_video]:rounded-none',
        className,
      )}
    >
      {children}
      <VisibleMark text={mark} />
      {canFullScreen && (
        <button
          type="button"
          onClick={toggle}
          aria-label={label}
          title={label}
          className="absolute top-2 right-2 rounded-full bg-black/50 p-1.5 text-white hover:bg-black/70 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
        >
          {fullScreen ? (
            <Minimize aria-hidden className="size-4" />
          ) : (
            <Maximize aria-hidden className="size-4" />
          )}
        </button>
      )}
    </div>
  );
}
