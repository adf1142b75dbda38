import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ellipsis, Flag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { ReportDialog, type ReportSubject } from './ReportDialog';

export const menuContentClasses =
  'z-50 min-w-44 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 motion-safe:animate-fade-in';

/** The Report entry of a "more actions" menu; the menu's owner opens the ReportDialog. */
export function ReportMenuItem({ onSelect }: { onSelect: () => void }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      className="flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100"
    >
      <Flag className="size-4" aria-hidden />
      {t('reports.report')}
    </DropdownMenu.Item>
  );
}

export interface ReportMenuProps {
  subject: ReportSubject;
  username: string;
  /** The trigger's accessible name, e.g. "More actions for the post by alice". */
  label: string;
  className?: string;
}

/** A small "⋯" menu with Report, for a post or a message someone else wrote. */
export function ReportMenu({ subject, username, label, className }: ReportMenuProps) {
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={label}
          className={cn(
            'inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600',
            className,
          )}
        >
          <Ellipsis className="size-4" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClasses}>
            <ReportMenuItem onSelect={() => setReporting(true)} />
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ReportDialog
        open={reporting}
        onOpenChange={setReporting}
        subject={subject}
        username={username}
      />
    </>
  );
}
