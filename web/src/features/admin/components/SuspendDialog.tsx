import { useTranslation } from '../../../lib/use-translation';
import { ReasonDialog } from './ReasonDialog';

export interface SuspendDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  username: string;
  /** Suspends the account with the reason given; a throw shows the dialog's failure. */
  act: (reason: string) => Promise<void>;
}

/** Asks for the reason before an account is suspended: the users' review and the leak tracer. */
export function SuspendDialog({ open, onOpenChange, username, act }: SuspendDialogProps) {
  const { t } = useTranslation();
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('admin.users.suspendTitle', { username })}
      description={t('admin.users.suspendText')}
      labels={{
        reason: t('admin.users.reason'),
        required: t('admin.users.reasonRequired'),
        submit: t('admin.users.suspend'),
        submitting: t('admin.users.suspending'),
        failed: t('admin.users.failed'),
      }}
      act={act}
    />
  );
}
