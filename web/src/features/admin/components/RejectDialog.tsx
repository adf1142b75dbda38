import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { adminKeys, rejectApplication } from '../api';
import { ReasonDialog } from './ReasonDialog';

export interface RejectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  applicationId: number;
  username: string;
}

/** Asks for the reason the applicant will read (required), then rejects. */
export function RejectDialog({ open, onOpenChange, applicationId, username }: RejectDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('admin.applications.rejectTitle', { username })}
      description={t('admin.applications.rejectText')}
      labels={{
        reason: t('admin.applications.reason'),
        required: t('admin.applications.reasonRequired'),
        submit: t('admin.applications.confirmReject'),
        submitting: t('admin.applications.rejecting'),
        failed: t('admin.applications.rejectFailed'),
      }}
      act={async (reason) => {
        await rejectApplication(applicationId, reason);
        await queryClient.invalidateQueries({ queryKey: adminKeys.applications() });
      }}
    />
  );
}
