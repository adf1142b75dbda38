import Ellipsis from 'lucide-react/icons/ellipsis';
import { cn } from '../../ui/cn';
import { loadOnce, useLoadOnIntent } from '../../ui/load-on-intent';
import type { ReportSubject } from './ReportDialog';

export const menuContentClasses =
  'z-50 min-w-44 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 motion-safe:animate-fade-in';

export const reportTriggerClasses =
  'inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600';

export interface ReportMenuProps {
  subject: ReportSubject;
  username: string;
  /** The trigger's accessible name, e.g. "More actions for the post by alice". */
  label: string;
  className?: string;
}

const loadDropdown = loadOnce(() =>
  import('./ReportMenuDropdown').then((module) => module.ReportMenuDropdown),
);

/**
 * A small "⋯" menu with Report, for a post or a message someone else wrote. Light until the
 * pointer comes near or it gets focus: then the Radix menu and the report dialog load
 * (ReportMenuDropdown.tsx; issue 20, first-load budget) and take its place.
 */
export function ReportMenu(props: ReportMenuProps) {
  const { loaded: Dropdown, handOver, triggerProps } = useLoadOnIntent(loadDropdown);
  if (Dropdown) return <Dropdown {...props} {...handOver} />;
  return (
    <button
      {...triggerProps}
      aria-label={props.label}
      className={cn(reportTriggerClasses, props.className)}
    >
      <Ellipsis className="size-4" aria-hidden />
    </button>
  );
}
