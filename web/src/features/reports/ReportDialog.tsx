import { useMutation } from '@tanstack/react-query';
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from '@zura/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SelectField } from '../../ui/SelectField';
import { TextArea } from '../../ui/TextArea';
import { submitReport } from './api';
import { asReportReason, refusalText } from './helpers';

/** What a report is about: a post, a message or a profile, by id. */
export interface ReportSubject {
  type: ReportTarget;
  id: number;
}

export interface ReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  subject: ReportSubject;
  /** Names the reported person in the title ("Report alice's post"). */
  username: string;
}

/** The one report form for posts, messages and profiles: a reason and optional details. */
export function ReportDialog({ open, onOpenChange, subject, username }: ReportDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(`reports.title.${subject.type}`, { username })}
      description={t('reports.description')}
    >
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {open && <ReportForm subject={subject} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ReportForm({ subject, onDone }: { subject: ReportSubject; onDone: () => void }) {
  const { t } = useTranslation();
  // No reason is preselected: a default would be sent by anyone who skips the select.
  const [reason, setReason] = useState<ReportReason>();
  const [missing, setMissing] = useState(false);
  const [details, setDetails] = useState('');
  const mutation = useMutation({
    mutationFn: (chosen: ReportReason) => {
      const text = details.trim();
      return submitReport({
        target_type: subject.type,
        target_id: subject.id,
        reason: chosen,
        ...(text !== '' && { details: text }),
      });
    },
  });

  if (mutation.isSuccess) {
    return (
      <div className="space-y-4">
        <Alert tone="success">{t('reports.sent')}</Alert>
        <div className="flex justify-end">
          <Button onClick={onDone}>{t('reports.done')}</Button>
        </div>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMissing(reason === undefined);
    if (reason !== undefined) mutation.mutate(reason);
  };
  const error = missing
    ? t('reports.reasonRequired')
    : mutation.isError
      ? refusalText(mutation.error, t('reports.failed'))
      : undefined;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error && <Alert>{error}</Alert>}
      <SelectField
        label={t('reports.reason')}
        options={[
          { value: '', label: t('reports.chooseReason') },
          ...REPORT_REASONS.map((value) => ({ value, label: t(`reports.reasons.${value}`) })),
        ]}
        required
        invalid={missing}
        value={reason ?? ''}
        onChange={(event) => {
          setReason(asReportReason(event.target.value));
          setMissing(false);
        }}
      />
      <TextArea
        label={t('reports.details')}
        rows={3}
        maxLength={REPORT_DETAILS_MAX_LENGTH}
        value={details}
        onChange={(event) => setDetails(event.target.value)}
      />
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onDone}>
          {t('reports.cancel')}
        </Button>
        <Button type="submit" busy={mutation.isPending}>
          {mutation.isPending ? t('reports.submitting') : t('reports.submit')}
        </Button>
      </div>
    </form>
  );
}
