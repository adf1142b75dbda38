import { useTranslation } from '../lib/use-translation';
import { MediaLibrary } from '../features/library';
import { StorageMeter } from '../features/library';
import { UploadArea } from '../features/library';
import { PageHeader } from '../ui/PageHeader';

export function MyContentPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('pages.myContent.title')} subtitle={t('pages.myContent.subtitle')} />
      <div className="space-y-6">
        <StorageMeter />
        <UploadArea />
        <MediaLibrary />
      </div>
    </div>
  );
}
