import { useTranslation } from '../lib/use-translation';
import { HomeFeed } from '../features/posts';
import { DocumentTitle } from '../ui/DocumentTitle';

export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('pages.home.title')} />
      <h1 className="sr-only">{t('pages.home.title')}</h1>
      <HomeFeed />
    </>
  );
}
