import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TraceScope } from '../api';

/** What the mark is and what it survives, in a few honest lines (no figures). */
export function TraceAbout({ scope }: { scope: TraceScope }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded-2xl bg-slate-50 p-5 text-sm text-slate-700 ring-1 ring-slate-200"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {t('leakTrace.about.title')}
      </h2>
      <p>{t('leakTrace.about.marked')}</p>
      <p>{t('leakTrace.about.survives')}</p>
      <p>{t('leakTrace.about.breaks')}</p>
      <p>{t('leakTrace.about.videos')}</p>
      <p>{t('leakTrace.about.publicImages')}</p>
      {scope === 'admin' && <p>{t('leakTrace.about.admin')}</p>}
    </section>
  );
}
