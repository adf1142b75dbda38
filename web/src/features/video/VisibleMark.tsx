import { useEffect, useState } from 'react';

/**
 * Where the label goes in turn, as fractions of the frame (across, down). Each place is reached
 * by `left`/`top` with the same share taken back by a translate, so the label stays inside the
 * frame whatever its width; no two in a row are near each other.
 */
const SPOTS: readonly (readonly [number, number])[] = [
  [0.06, 0.08],
  [0.9, 0.62],
  [0.35, 0.4],
  [0.94, 0.1],
  [0.1, 0.86],
  [0.6, 0.3],
  [0.2, 0.55],
  [0.75, 0.9],
];

/** How long the label stays in one place. */
const VISIBLE_MARK_MOVE_MS = 4000;

export interface VisibleMarkProps {
  /** The viewer's handle and the instance (`@fan123 · zura.example`), as the server wrote it. */
  text: string;
}

/**
 * The visible mark over a gated video (issue 35), for the post answer's `visible_mark`: the
 * viewer's name, semi-transparent, moving to another place every few seconds so a fixed crop
 * or sticker cannot hide it. It lets clicks through to the player (`pointer-events: none`) and
 * is hidden from screen readers: it is the same name on every frame, nothing to announce. The
 * parent is the positioned box of the player. Images carry the same text in their pixels.
 */
export function VisibleMark({ text }: VisibleMarkProps) {
  const [spot, setSpot] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setSpot((at) => (at + 1) % SPOTS.length), VISIBLE_MARK_MOVE_MS);
    return () => clearInterval(timer);
  }, []);
  const [across, down] = SPOTS[spot] ?? [0, 0];
  return (
    <span
      aria-hidden
      data-visible-mark=""
      className="pointer-events-none absolute inset-0 overflow-hidden select-none"
    >
      <span
        data-spot={spot}
        className="absolute max-w-[90%] truncate text-xs font-semibold text-white/70 [text-shadow:0_0_2px_rgb(0_0_0/0.8),0_1px_3px_rgb(0_0_0/0.6)] sm:text-sm"
        style={{
          left: `${across * 100}%`,
          top: `${down * 100}%`,
          transform: `translate(-${across * 100}%, -${down * 100}%)`,
        }}
      >
        {text}
      </span>
    </span>
  );
}
