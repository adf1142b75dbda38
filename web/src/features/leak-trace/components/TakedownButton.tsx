import { useMutation } from '@tanstack/react-query';
import Download from 'lucide-react/icons/download';
import { saveTextFile } from '../../../lib/save-file';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { fetchTakedownNotice, type TraceScope } from '../api';

/** "Download takedown notice": the DMCA-style notice the server fills in from the trace. */
export function TakedownButton({ scope, traceId }: { scope: TraceScope; traceId: number }) {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: () => fetchTakedownNotice(scope, traceId),
    onSuccess: (notice) =>
      saveTextFile(notice, `takedown-notice-${traceId}.txt`, 'text/plain;charset=utf-8'),
  });
  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="outline" busy={mutation.isPending} onClick={() => mutation.mutate()}>
        {!mutation.isPending && <Download className="size-4" aria-hidden />}
        {t('leakTrace.takedown.button')}
      </Button>
      {mutation.isError && <Alert>{t('leakTrace.takedown.failed')}</Alert>}
    </div>
  );
}
