import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import type { ReactNode } from 'react';
import { Spinner } from '../../../ui/Spinner';
import { cn } from '../../../ui/cn';

type StatusKind = 'pending' | 'success' | 'error';

export interface StatusPanelProps {
  kind: StatusKind;
  title: string;
  text?: string;
  actions?: ReactNode;
}

/** One state of a link-driven flow (verifying, success, error) with its actions. */
export function StatusPanel({ kind, title, text, actions }: StatusPanelProps) {
  return (
    <div className="text-center" role={kind === 'error' ? 'alert' : 'status'}>
      <div
        className={cn(
          'mx-auto mb-4 flex size-14 items-center justify-center rounded-full',
          kind === 'pending' && 'bg-violet-50 text-violet-600',
          kind === 'success' && 'bg-emerald-50 text-emerald-600',
          kind === 'error' && 'bg-red-50 text-red-600',
        )}
      >
        {kind === 'pending' && <Spinner className="size-7" />}
        {kind === 'success' && <CircleCheck className="size-7" aria-hidden />}
        {kind === 'error' && <CircleX className="size-7" aria-hidden />}
      </div>
      <h1 className="text-xl font-bold tracking-tight text-slate-900">{title}</h1>
      {text && <p className="mt-2 text-sm text-slate-600">{text}</p>}
      {actions && (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">{actions}</div>
      )}
    </div>
  );
}
