import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorBodyText } from '../../../lib/api-errors';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextArea } from '../../../ui/TextArea';
import { adminKeys, rejectApplication } from '../api';

const REASON_MAX_LENGTH = 1000;

export interface RejectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  applicationId: number;
  username: string;
}

/** Asks for the reason the applicant will read (required), then rejects. */
export function RejectDialog({ open, onOpenChange, applicationId, username }: RejectDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('admin.applications.rejectTitle', { username })}
      description={t('admin.applications.rejectText')}
    >
      <RejectForm applicationId={applicationId} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

interface RejectFormProps {
  applicationId: number;
  onDone: () => void;
}

function RejectForm({ applicationId, onDone }: RejectFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const mutation = useMutation({
    mutationFn: (text: string) => rejectApplication(applicationId, text),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.applications() });
      onDone();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = reason.trim();
    if (text === '') {
      setMissing(true);
      return;
    }
    mutation.mutate(text);
  };

  const error = missing
    ? t('admin.applications.reasonRequired')
    : mutation.isError
      ? (errorBodyText(mutation.error, 'detail') ?? t('admin.applications.rejectFailed'))
      : undefined;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error && <Alert>{error}</Alert>}
      <TextArea
        label={t('admin.applications.reason')}
        rows={4}
        maxLength={REASON_MAX_LENGTH}
        required
        autoFocus
        invalid={missing}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setMissing(false);
        }}
      />
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onDone}>
          {t('admin.cancel')}
        </Button>
        <Button type="submit" variant="danger" busy={mutation.isPending}>
          {mutation.isPending
            ? t('admin.applications.rejecting')
            : t('admin.applications.confirmReject')}
        </Button>
      </div>
    </form>
  );
}
