import { useTranslation } from '../lib/use-translation';
import { SubscriptionsScreen } from '../features/subscriptions';
import { PageHeader } from '../ui/PageHeader';

export function SubscriptionsPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('pages.subscriptions.title')} />
      <SubscriptionsScreen />
    </div>
  );
}
