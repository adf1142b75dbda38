import { useTranslation } from '../lib/use-translation';
import { SettingsScreen } from '../features/settings';
import { PageHeader } from '../ui/PageHeader';

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('pages.settings.title')} />
      <SettingsScreen />
    </div>
  );
}
