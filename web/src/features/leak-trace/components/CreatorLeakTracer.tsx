import { useOwnProfile } from '../../../lib/own-profile';
import { useTranslation } from '../../../lib/use-translation';
import { PageHeader } from '../../../ui/PageHeader';
import { LeakTracer } from './LeakTracer';
import { ReportAccountButton } from './ReportAccountButton';
import { TraceAbout } from './TraceAbout';

/** /creator/leak-tracer: a creator traces a copy of one of their images and reports the account. */
export function CreatorLeakTracer() {
  const { t } = useTranslation();
  const { data: profile } = useOwnProfile();
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4">
      <PageHeader title={t('leakTrace.title')} subtitle={t('leakTrace.subtitle')} />
      {profile && !profile.is_creator ? (
        <p className="text-sm text-slate-600">{t('leakTrace.creatorsOnly')}</p>
      ) : (
        <>
          <LeakTracer
            scope="creator"
            recipientActions={(trace) => <ReportAccountButton trace={trace} />}
          />
          <TraceAbout scope="creator" />
        </>
      )}
    </div>
  );
}
