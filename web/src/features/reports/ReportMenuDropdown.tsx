import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import Ellipsis from 'lucide-react/icons/ellipsis';
import Flag from 'lucide-react/icons/flag';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { cn } from '../../ui/cn';
import { useHandOver, type HandOver } from '../../ui/load-on-intent';
import { menuContentClasses, reportTriggerClasses, type ReportMenuProps } from './ReportMenu';
import { ReportDialog } from './ReportDialog';

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

export type ReportMenuDropdownProps = ReportMenuProps & HandOver;

/** A small "⋯" menu with Report, loaded on first intent (ReportMenu.tsx). */
export function ReportMenuDropdown({
  subject,
  username,
  label,
  className,
  ...handOver
}: ReportMenuDropdownProps) {
  const [reporting, setReporting] = useState(false);
  const { defaultOpen, triggerRef, contentRef } = useHandOver(handOver);
  return (
    <>
      <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger
          ref={triggerRef}
          aria-label={label}
          className={cn(reportTriggerClasses, className)}
        >
          <Ellipsis className="size-4" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            ref={contentRef}
            align="end"
            sideOffset={4}
            className={menuContentClasses}
          >
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
