import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { cn } from '../../../ui/cn';
import { libraryStorageQuery } from '../api';
import { formatFileSize } from '../files';

/** How much of the user's storage their files take (originals), above the library. */
export function StorageMeter() {
  const { t } = useTranslation();
  const { data } = useQuery(libraryStorageQuery());
  if (!data) return null;
  const share = Math.min(1, data.used_bytes / data.quota_bytes);
  const percent = Math.round(share * 100);
  const used = t('library.storage.used', {
    used: formatFileSize(data.used_bytes),
    total: formatFileSize(data.quota_bytes),
  });
  return (
    <section
      aria-labelledby="library-storage"
      className="space-y-2 rounded-2xl bg-white px-5 py-4 ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="library-storage" className="text-sm font-semibold text-slate-900">
          {t('library.storage.title')}
        </h2>
        <p className="text-sm text-slate-600 tabular-nums">{used}</p>
      </div>
      <div
        role="meter"
        aria-label={t('library.storage.title')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={used}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn('h-full rounded-full', share >= 0.9 ? 'bg-red-600' : 'bg-violet-600')}
          style={{ width: `${percent}%` }}
        />
      </div>
      {share >= 1 && <p className="text-sm text-red-700">{t('library.storage.full')}</p>}
    </section>
  );
}
