import { useTranslation } from '../lib/use-translation';
import { PageHeader } from '../ui/PageHeader';
import { MassMessageComposer } from '../features/mass-messages';
import { MassMessageList } from '../features/mass-messages';
import { WelcomeMessageSection } from '../features/mass-messages';
import { useOwnProfile } from '../lib/own-profile';

/** /creator/mass-messages: compose to a segment, the sent list with figures, the welcome message. */
export function MassMessagesPage() {
  const { t } = useTranslation();
  const { data: profile } = useOwnProfile();
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4">
      <PageHeader title={t('massMessages.title')} subtitle={t('massMessages.subtitle')} />
      {profile && !profile.is_creator ? (
        <p className="text-sm text-slate-600">{t('massMessages.creatorsOnly')}</p>
      ) : (
        <>
          <MassMessageComposer />
          <section className="space-y-3">
            <h2 className="text-lg font-semibold text-slate-900">{t('massMessages.list.title')}</h2>
            <MassMessageList />
          </section>
          <WelcomeMessageSection />
        </>
      )}
    </div>
  );
}
