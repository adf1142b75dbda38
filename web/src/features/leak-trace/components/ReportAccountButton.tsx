import { useMutation } from '@tanstack/react-query';
import CircleCheck from 'lucide-react/icons/circle-check';
import Flag from 'lucide-react/icons/flag';
import { ApiError } from '../../../lib/api-errors';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { refusalText } from '../../reports';
import { reportRecipient, type FoundTrace } from '../api';

/** An open report of this account by the same person already exists (the server's 409). */
function alreadyReported(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'conflict';
}

/**
 * "Report this account": a copyright report of the profile the copy was served to, its details
 * naming the trace, for the moderators. "Reported" once sent (or when it was already).
 */
export function ReportAccountButton({ trace }: { trace: FoundTrace }) {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: () => reportRecipient(trace, t('leakTrace.report.details', { id: trace.id })),
  });
  if (mutation.isSuccess || alreadyReported(mutation.error)) {
    return (
      <p
        role="status"
        className="flex h-10 items-center gap-2 text-sm font-semibold text-emerald-700"
      >
        <CircleCheck className="size-4" aria-hidden />
        {t('leakTrace.report.done')}
      </p>
    );
  }
  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="danger" busy={mutation.isPending} onClick={() => mutation.mutate()}>
        {!mutation.isPending && <Flag className="size-4" aria-hidden />}
        {mutation.isPending ? t('leakTrace.report.sending') : t('leakTrace.report.button')}
      </Button>
      {mutation.isError && (
        <Alert>{refusalText(mutation.error, t('leakTrace.report.failed'))}</Alert>
      )}
    </div>
  );
}
