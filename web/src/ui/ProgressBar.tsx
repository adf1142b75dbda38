import { cn } from './cn';

export interface ProgressBarProps {
  /** From 0 to 1. */
  value: number;
  label: string;
  className?: string;
}

/** A determinate progress bar (uploads), announced with its percentage. */
export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const percent = Math.round(Math.min(Math.max(value, 0), 1) * 100);
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-violet-600 transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span aria-hidden className="w-10 text-end text-xs text-slate-600 tabular-nums">
        {percent}%
      </span>
    </div>
  );
}
