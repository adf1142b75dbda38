import { useTranslation } from '../../../lib/use-translation';
import { ApiError, isRecord } from '../../../lib/api-errors';
import { Alert } from '../../../ui/Alert';
import { describeSaveError } from '../helpers';
import { ImageUploadError, type UploadProgress } from './useProfileSave';

/** The server's reasons for a refused upload (e.g. too large, not an image). */
function uploadDetails(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status >= 500 || !isRecord(error.body)) return [];
  return Object.values(error.body).flatMap((value) =>
    (Array.isArray(value) ? value : [value]).filter(
      (item): item is string => typeof item === 'string' && item !== '',
    ),
  );
}

interface UploadStatusProps {
  progress: UploadProgress;
}

/** Next to Save: which image is uploading (the bar itself sits in the image's field). */
export function UploadStatus({ progress }: UploadStatusProps) {
  const { t } = useTranslation();
  const kind = (['profile', 'cover'] as const).find((item) => progress[item] !== undefined);
  const fraction = kind ? progress[kind] : undefined;
  return (
    <p role="status" className="me-auto text-sm text-slate-600 tabular-nums">
      {kind !== undefined && fraction !== undefined
        ? t('profileEdit.uploadStatus', {
            label: t(`profileEdit.images.${kind}.uploading`),
            percent: Math.round(fraction * 100),
          })
        : null}
    </p>
  );
}

interface SaveErrorProps {
  error: unknown;
}

/** Spec §8 "Upload during save" and "Save". */
export function SaveError({ error }: SaveErrorProps) {
  const { t } = useTranslation();
  if (error instanceof ImageUploadError) {
    return (
      <Alert>
        <p>{t(`profileEdit.images.${error.kind}.uploadFailed`)}</p>
        {uploadDetails(error.cause).map((line) => (
          <p key={line} className="mt-1">
            {line}
          </p>
        ))}
      </Alert>
    );
  }
  const described = describeSaveError(error);
  if (described.kind === 'validation') {
    return (
      <Alert>
        <p>{t('profileEdit.validationErrors')}</p>
        <ul className="mt-1 space-y-0.5">
          {described.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Alert>
    );
  }
  if (described.kind === 'server') {
    return <Alert>{t('profileEdit.serverError', { text: described.text })}</Alert>;
  }
  return <Alert>{t('profileEdit.saveFailed')}</Alert>;
}
