import { useMutation } from '@tanstack/react-query';
import Download from 'lucide-react/icons/download';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { saveTextFile } from '../../../lib/save-file';
import { Button } from '../../../ui/Button';
import { fetchAudienceCsv } from '../api';

/** "Export audience (CSV)": the creator's fans, with emails only where fans chose to share. */
export function ExportAudienceButton() {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: fetchAudienceCsv,
    onSuccess: (csv) =>
      saveTextFile(csv, `zura-audience-${new Date().toISOString().slice(0, 10)}.csv`),
  });
  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="outline" busy={mutation.isPending} onClick={() => mutation.mutate()}>
        {!mutation.isPending && <Download className="size-4" aria-hidden />}
        {t('audience.export')}
      </Button>
      <p className="text-xs text-slate-500">{t('audience.exportHint')}</p>
      {mutation.isError && <Alert>{t('audience.exportFailed')}</Alert>}
    </div>
  );
}
