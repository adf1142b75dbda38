import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { localInputToIso } from '../schedule-time';

export interface ScheduleFormProps {
  /** The datetime-local value the field starts with, in the viewer's zone. */
  initial: string;
  busy: boolean;
  /** The server's refusal ("publish_at must be in the future."), shown under the field. */
  error?: string | undefined;
  submitLabel: string;
  /** The chosen time as an ISO instant. */
  onSubmit: (publishAt: string) => void;
  onCancel?: () => void;
}

/** A time to publish at, in the viewer's own zone; the server checks it again. */
export function ScheduleForm({
  initial,
  busy,
  error,
  submitLabel,
  onSubmit,
  onCancel,
}: ScheduleFormProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);

  const submit = () => {
    const publishAt = localInputToIso(value);
    if (!publishAt || new Date(publishAt).getTime() <= Date.now()) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSubmit(publishAt);
  };
  const shown = invalid ? t('schedule.mustBeFuture') : error;

  return (
    <div className="mt-2 space-y-2">
      <TextField
        type="datetime-local"
        label={t('schedule.when')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        invalid={shown !== undefined}
      />
      {shown && <Alert>{shown}</Alert>}
      <div className="flex gap-2">
        <Button size="sm" onClick={submit} busy={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button size="sm" variant="outline" onClick={onCancel}>
            {t('drafts.cancel')}
          </Button>
        )}
      </div>
    </div>
  );
}
