import type { ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The question, e.g. "Are you sure you want to delete this post?". */
  message: string;
  onConfirm: () => void;
  /** The action is running: the confirm button shows a spinner, Cancel stays available. */
  busy?: boolean;
  /** Failure of the action, shown inside the dialog. */
  error?: ReactNode;
  confirmLabel?: string;
  busyLabel?: string;
  /** The dismiss button's text; "Cancel" by default. */
  cancelLabel?: string;
}

/** A yes/no question before a destructive action (replaces window.confirm). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  onConfirm,
  busy = false,
  error,
  confirmLabel,
  busyLabel,
  cancelLabel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={message}>
      {error}
      <div className="mt-4 flex justify-end gap-3">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {cancelLabel ?? t('confirmDialog.cancel')}
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {busy
            ? (busyLabel ?? t('confirmDialog.deleting'))
            : (confirmLabel ?? t('confirmDialog.delete'))}
        </Button>
      </div>
    </Dialog>
  );
}
