import { useTranslation } from '../lib/use-translation';
import { ExploreScreen } from '../features/explore';
import { PageHeader } from '../ui/PageHeader';

export function ExplorePage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t('pages.explore.title')} subtitle={t('pages.explore.subtitle')} />
      <ExploreScreen />
    </div>
  );
}
