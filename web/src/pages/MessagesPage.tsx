import { useTranslation } from '../lib/use-translation';
import { MessagesScreen } from '../features/messaging';
import { DocumentTitle } from '../ui/DocumentTitle';

export function MessagesPage() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('pages.messages.title')} />
      <MessagesScreen />
    </>
  );
}
