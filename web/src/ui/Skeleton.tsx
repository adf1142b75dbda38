import { cn } from './cn';

export interface SkeletonProps {
  className?: string;
}

/** A pulsing placeholder block; hidden from screen readers (the caller announces loading). */
export function Skeleton({ className }: SkeletonProps) {
  return (
    <span
      aria-hidden
      className={cn('block rounded-lg bg-slate-200 motion-safe:animate-pulse', className)}
    />
  );
}
