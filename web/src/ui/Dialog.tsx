import * as RadixDialog from '@radix-ui/react-dialog';
import X from 'lucide-react/icons/x';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation';
import { cn } from './cn';
import { useReturnFocus } from './return-focus';

interface DialogBaseProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Shown under the title and used as the dialog's accessible description. */
  description?: string;
  children: ReactNode;
}

export type DialogProps = DialogBaseProps;

/** Radix links a Description itself; without one, say so explicitly to silence its warning. */
function describedBy(description: string | undefined) {
  return description ? {} : { 'aria-describedby': undefined };
}

const overlayClasses = 'fixed inset-0 z-40 bg-slate-950/40 motion-safe:animate-fade-in';

/** A centred modal dialog (focus trap, Escape to close, labelled by its title). */
export function Dialog({ open, onOpenChange, title, description, children }: DialogProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClasses} />
        <RadixDialog.Content
          {...describedBy(description)}
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none motion-safe:animate-fade-in"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">
                {title}
              </RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-slate-600">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              aria-label={t('common.close')}
              className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600"
            >
              <X className="size-5" />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface SheetProps extends DialogBaseProps {
  /** Visually hide the title (it still labels the panel for screen readers). */
  hideTitle?: boolean;
  className?: string;
}

/** A panel that slides in from the left edge (mobile navigation). */
export function Sheet({
  open,
  onOpenChange,
  title,
  description,
  hideTitle = false,
  className,
  children,
}: SheetProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClasses} />
        <RadixDialog.Content
          {...describedBy(description)}
          {...returnFocus}
          className={cn(
            'fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none motion-safe:animate-slide-in-left',
            className,
          )}
        >
          <div className="flex items-center justify-between px-4 pt-4">
            <RadixDialog.Title className={cn('text-base font-semibold', hideTitle && 'sr-only')}>
              {title}
            </RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="sr-only">{description}</RadixDialog.Description>
            )}
            <RadixDialog.Close
              aria-label={t('common.close')}
              className="ms-auto rounded-lg p-2 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600"
            >
              <X className="size-5" />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
