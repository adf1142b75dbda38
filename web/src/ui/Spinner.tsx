import LoaderCircle from 'lucide-react/icons/loader-circle';
import { cn } from './cn';

export interface SpinnerProps {
  className?: string;
  /** When given, the spinner is announced to screen readers with this text. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <LoaderCircle
      className={cn('size-5 animate-spin', className)}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'status' : undefined}
    />
  );
}

export interface FullPageSpinnerProps {
  label: string;
}

export function FullPageSpinner({ label }: FullPageSpinnerProps) {
  return (
    <div className="flex min-h-dvh items-center justify-center text-violet-600" role="status">
      <Spinner className="size-8" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
