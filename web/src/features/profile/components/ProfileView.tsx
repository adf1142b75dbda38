import { useQuery } from '@tanstack/react-query';
import UserX from 'lucide-react/icons/user-x';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { useCurrentUserId } from '../../../lib/use-session';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { DocumentTitle } from '../../../ui/DocumentTitle';
import { Skeleton } from '../../../ui/Skeleton';
import { canSeeContent, userProfileQuery } from '../api';
import { profileKeyFor, profileLoadFailure } from '../helpers';
import { LockedProfilePanel } from './LockedProfilePanel';
import { ProfileHeader } from './ProfileHeader';
import { ProfilePosts } from './ProfilePosts';
import { WhatYouGetPanel } from '../../subscriptions';

export interface ProfileViewProps {
  /** The route's userId (an id or a username); none means the own profile. */
  userIdParam: string | undefined;
}

/** Spec §2.8: a profile as this viewer may see it, with its posts or the locked panel. */
export function ProfileView({ userIdParam }: ProfileViewProps) {
  const currentUserId = useCurrentUserId();
  const key = profileKeyFor(userIdParam, currentUserId);
  const query = useQuery({ ...userProfileQuery(key ?? ''), enabled: key !== undefined });

  if (query.isError) {
    return (
      <ProfileLoadError
        error={query.error}
        id={userIdParam ?? key ?? ''}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data || key === undefined) return <ProfileSkeleton />;

  const profile = query.data;
  const visible = canSeeContent(profile);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <DocumentTitle title={profile.username} />
      <ProfileHeader profile={profile} contentVisible={visible} />
      {/* Right under the header, so the owner sees it without scrolling past their panels. */}
      {profile.is_owner && profile.is_profile_locked && <OwnLockedNotice />}
      {visible && profile.is_creator && <WhatYouGetPanel creatorId={profile.id} />}
      {visible ? (
        <ProfilePosts profile={profile} />
      ) : (
        <LockedProfilePanel profile={profile} profileKey={key} />
      )}
    </div>
  );
}

/** The owner sees their posts as always; they are told visitors do not, and where to change it. */
function OwnLockedNotice() {
  const { t } = useTranslation();
  return (
    <Alert tone="info">
      <p>{t('profile.ownLocked.text')}</p>
      <Link to="/profile/edit" className="font-medium underline underline-offset-2">
        {t('profile.ownLocked.change')}
      </Link>
    </Alert>
  );
}

interface ProfileLoadErrorProps {
  error: unknown;
  id: string;
  onRetry: () => void;
}

/** Spec §8 "Profile load": 'User not found' / 'User profile for {id} not found.', or a failure. */
function ProfileLoadError({ error, id, onRetry }: ProfileLoadErrorProps) {
  const { t } = useTranslation();
  if (profileLoadFailure(error) === 'not-found') {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
        <DocumentTitle title={t('profile.notFoundTitle')} />
        <span className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <UserX className="size-7" aria-hidden />
        </span>
        <h1 className="mt-4 text-xl font-bold text-slate-900">{t('profile.notFoundTitle')}</h1>
        <p className="mt-2 text-slate-600">{t('profile.notFoundText', { id })}</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl space-y-3 py-8">
      <DocumentTitle title={t('pages.profile.title')} />
      <Alert>{t('profile.loadFailed')}</Alert>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('profile.retry')}
      </Button>
    </div>
  );
}

function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl">
      <p role="status" className="sr-only">
        {t('profile.loading')}
      </p>
      <div className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
        <Skeleton className="aspect-[3/1] w-full rounded-none" />
        <div className="px-5 pb-6">
          <Skeleton className="-mt-12 size-24 rounded-full ring-4 ring-white" />
          <Skeleton className="mt-4 h-6 w-48" />
          <Skeleton className="mt-3 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-2/3" />
        </div>
      </div>
    </div>
  );
}
