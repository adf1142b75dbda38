import { useMutation } from '@tanstack/react-query';
import Download from 'lucide-react/icons/download';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { saveTextFile } from '../../../lib/save-file';
import { Button } from '../../../ui/Button';
import { fetchAnalyticsCsv } from '../api';
import type { AnalyticsRange } from '../range';

/** "Export CSV": the range's earnings, one row per day and source. */
export function ExportEarningsButton({ range }: { range: AnalyticsRange }) {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: () => fetchAnalyticsCsv(range),
    onSuccess: (csv) => saveTextFile(csv, `zura-earnings-${range.from}-to-${range.to}.csv`),
  });
  return (
    <div className="flex flex-col items-end gap-2">
      <Button variant="outline" busy={mutation.isPending} onClick={() => mutation.mutate()}>
        {!mutation.isPending && <Download className="size-4" aria-hidden />}
        {t('analytics.export')}
      </Button>
      {mutation.isError && <Alert>{t('analytics.exportFailed')}</Alert>}
    </div>
  );
}
