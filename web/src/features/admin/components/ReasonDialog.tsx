import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { errorBodyText } from '../../../lib/api-errors';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextArea } from '../../../ui/TextArea';

const REASON_MAX_LENGTH = 1000;

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  labels: { reason: string; required: string; submit: string; submitting: string; failed: string };
  /** Runs the action with the reason given; the dialog closes when it succeeds. */
  act: (reason: string) => Promise<unknown>;
}

/** An admin action that needs a reason the other person reads (required), e.g. reject, suspend. */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  ...form
}: ReasonDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <ReasonForm {...form} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function ReasonForm({
  labels,
  act,
  onDone,
}: Pick<ReasonDialogProps, 'labels' | 'act'> & { onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const mutation = useMutation({ mutationFn: act, onSuccess: onDone });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = reason.trim();
    setMissing(text === '');
    if (text !== '') mutation.mutate(text);
  };

  const error = missing
    ? labels.required
    : mutation.isError
      ? (errorBodyText(mutation.error, 'detail') ??
        errorBodyText(mutation.error, 'error') ??
        labels.failed)
      : undefined;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error && <Alert>{error}</Alert>}
      <TextArea
        label={labels.reason}
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
          {mutation.isPending ? labels.submitting : labels.submit}
        </Button>
      </div>
    </form>
  );
}
