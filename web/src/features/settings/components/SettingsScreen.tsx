import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { settingsQuery } from '../api';
import { SettingsForm } from './SettingsForm';

/** Settings (spec §2): loaded afresh from the server, then the tabbed form. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const [openedAt] = useState(() => Date.now());
  const query = useQuery({ ...settingsQuery(), refetchOnMount: 'always' });
  const fresh = query.data !== undefined && query.dataUpdatedAt >= openedAt;

  if (query.isError && !fresh) {
    return (
      <div className="space-y-3">
        <Alert>{t('settings.loadFailed')}</Alert>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('settings.retry')}
        </Button>
      </div>
    );
  }
  if (!fresh) {
    return (
      <div className="space-y-4">
        <p role="status" className="sr-only">
          {t('settings.loading')}
        </p>
        <Skeleton className="h-10 w-80" />
        <Skeleton className="h-72 w-full rounded-2xl" />
      </div>
    );
  }
  return <SettingsForm initial={query.data} />;
}
