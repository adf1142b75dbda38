import { useTranslation } from '../lib/use-translation';
import { ProfileEditScreen } from '../features/profile';
import { PageHeader } from '../ui/PageHeader';

/** /profile/edit and /profile/{userId}/edit: both edit the signed-in user's own profile. */
export function ProfileEditPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('pages.profileEdit.title')} />
      <ProfileEditScreen />
    </div>
  );
}
