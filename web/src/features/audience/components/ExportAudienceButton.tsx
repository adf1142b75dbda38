import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { fetchAudienceCsv } from '../api';

/** Saves text as a file through a temporary link: how a page starts a download it fetched. */
function saveFile(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

/** "Export audience (CSV)": the creator's fans, with emails only where fans chose to share. */
export function ExportAudienceButton() {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: fetchAudienceCsv,
    onSuccess: (csv) => saveFile(csv, `zura-audience-${new Date().toISOString().slice(0, 10)}.csv`),
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
