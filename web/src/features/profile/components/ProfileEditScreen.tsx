import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { ProfileEditForm } from './ProfileEditForm';
import { ownProfileQuery } from '../../../lib/own-profile';

/**
 * Spec §2.9/§4 "Edit form": loading, then the form or an error with Try Again. The form
 * starts from a fresh copy of the own profile, never from a cached one a minute old.
 */
export function ProfileEditScreen() {
  const { t } = useTranslation();
  const [openedAt] = useState(() => Date.now());
  const query = useQuery({
    ...ownProfileQuery(),
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  const fresh = query.data !== undefined && query.dataUpdatedAt >= openedAt;

  if (query.isError && !fresh) {
    return (
      <div className="mx-auto max-w-3xl space-y-3">
        <Alert>{t('profileEdit.loadFailed')}</Alert>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('profileEdit.tryAgain')}
        </Button>
      </div>
    );
  }
  if (!fresh) {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <p role="status" className="sr-only">
          {t('profileEdit.loading')}
        </p>
        <Skeleton className="aspect-[3/1] w-full rounded-2xl" />
        <Skeleton className="h-40 w-full rounded-2xl" />
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    );
  }
  return <ProfileEditForm key={query.data.id} profile={query.data} />;
}
