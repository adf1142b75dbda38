import * as RadixDialog from '@radix-ui/react-dialog';
import { useTranslation } from '../lib/use-translation';
import { Button } from './Button';
import { useReturnFocus } from './return-focus';

export interface AlertDialogProps {
  /** The message, one paragraph per line; the dialog is open while there is one. */
  message: readonly string[] | null;
  /** OK or Escape: the message has been read (the caller may navigate on). */
  onClose: () => void;
}

/**
 * The in-app replacement for `window.alert`: a modal `alertdialog` whose description is the
 * message, with one OK button (focused on open). Clicks outside do not dismiss it.
 */
export function AlertDialog({ message, onClose }: AlertDialogProps) {
  const { t } = useTranslation();
  const open = message !== null && message.length > 0;
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/40 motion-safe:animate-fade-in" />
        <RadixDialog.Content
          role="alertdialog"
          {...returnFocus}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none motion-safe:animate-fade-in"
        >
          <RadixDialog.Title className="sr-only">{t('alertDialog.title')}</RadixDialog.Title>
          <RadixDialog.Description asChild>
            <div className="space-y-1 text-sm break-words text-slate-800">
              {(message ?? []).map((line, index) => (
                <p key={index}>{line}</p>
              ))}
            </div>
          </RadixDialog.Description>
          <div className="mt-5 flex justify-end">
            <RadixDialog.Close asChild>
              <Button autoFocus>{t('alertDialog.ok')}</Button>
            </RadixDialog.Close>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
