import { formatBadgeCount } from '../lib/format';
import { cn } from './cn';

export type BadgeTone = 'red' | 'blue' | 'violet' | 'slate';

export interface CountBadgeProps {
  count: number;
  tone?: BadgeTone;
  /** Read by screen readers instead of the bare number (e.g. "3 unread"). */
  srLabel?: string;
  className?: string;
}

// White text needs the 600 shades: on red-500 or blue-500 it stays under 4.5:1.
const tones: Record<BadgeTone, string> = {
  red: 'bg-red-600 text-white',
  blue: 'bg-blue-600 text-white',
  violet: 'bg-violet-600 text-white',
  slate: 'bg-slate-200 text-slate-700',
};

/** A pill with a count; hidden at zero, '99+' above 99. */
export function CountBadge({ count, tone = 'violet', srLabel, className }: CountBadgeProps) {
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden={srLabel ? true : undefined}
        className={cn(
          'inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1.5 text-xs font-semibold tabular-nums',
          tones[tone],
          className,
        )}
      >
        {formatBadgeCount(count)}
      </span>
      {srLabel && <span className="sr-only">{srLabel}</span>}
    </>
  );
}

export interface BadgeProps {
  children: string;
  tone?: BadgeTone;
  className?: string;
}

export function Badge({ children, tone = 'slate', className }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
