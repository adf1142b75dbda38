import { useTranslation } from '../lib/use-translation';
import { WalletScreen } from '../features/wallet';
import { PageHeader } from '../ui/PageHeader';

export function WalletPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('pages.wallet.title')} subtitle={t('pages.wallet.subtitle')} />
      <WalletScreen />
    </div>
  );
}
