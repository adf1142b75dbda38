import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RemoteAccount } from '@zura/contracts';
import Globe from 'lucide-react/icons/globe';
import { errorBodyText } from '../../../lib/api-errors';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { followingKeys, followRemote, remoteLookupQuery, unfollowRemote } from '../following-api';

/**
 * The Explore search's answer to `@name@host`: the account on its own server (Mastodon,
 * Misskey, another Zura) with Follow, Requested (waiting for its answer) or Unfollow. No
 * avatar: loading it would tell the other server who is looking (federation README).
 */
export function RemoteAccountCard({ handle }: { handle: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const lookup = useQuery(remoteLookupQuery(handle));
  const change = useMutation({
    mutationFn: async (account: RemoteAccount): Promise<void> => {
      if (account.follow_id === null) await followRemote(account.uri);
      else await unfollowRemote(account.follow_id);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: followingKeys.lookup(handle) }),
        queryClient.invalidateQueries({ queryKey: followingKeys.follows }),
        queryClient.invalidateQueries({ queryKey: ['posts'] }),
      ]),
  });

  if (lookup.isPending) {
    return (
      <div>
        <p role="status" className="sr-only">
          {t('federationFollowing.looking')}
        </p>
        <Skeleton className="h-32 w-full rounded-2xl" />
      </div>
    );
  }
  if (lookup.isError) {
    return (
      <Alert>{errorBodyText(lookup.error, 'detail') ?? t('federationFollowing.notFound')}</Alert>
    );
  }
  const account = lookup.data;
  const label =
    account.follow_state === 'accepted'
      ? t('federationFollowing.unfollow')
      : account.follow_state === 'pending'
        ? t('federationFollowing.requested')
        : t('federationFollowing.follow');
  return (
    <article
      aria-label={account.handle}
      className="space-y-3 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900">
            {account.name ?? account.handle}
          </h2>
          <p className="flex items-center gap-1 truncate text-sm text-slate-600">
            <Globe className="size-3.5 shrink-0" aria-hidden />
            {account.handle}
          </p>
        </div>
        <Button
          size="sm"
          variant={account.follow_state === 'none' ? 'secondary' : 'outline'}
          busy={change.isPending}
          onClick={() => change.mutate(account)}
        >
          {label}
        </Button>
      </div>
      {account.bio && <p className="whitespace-pre-line text-sm text-slate-700">{account.bio}</p>}
      <a
        href={account.profile_url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="text-sm font-medium text-indigo-700 hover:underline"
      >
        {t('federationFollowing.openProfile')}
      </a>
      {change.isError && (
        <Alert>{errorBodyText(change.error, 'detail') ?? t('federationFollowing.failed')}</Alert>
      )}
    </article>
  );
}
