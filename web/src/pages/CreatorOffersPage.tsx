import { useTranslation } from '../lib/use-translation';
import { OffersScreen } from '../features/offers';
import { PageHeader } from '../ui/PageHeader';

export function CreatorOffersPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('offers.title')} subtitle={t('offers.subtitle')} />
      <OffersScreen />
    </div>
  );
}
