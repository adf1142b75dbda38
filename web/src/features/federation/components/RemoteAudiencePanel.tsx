import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RemoteFollower } from '@zura/contracts';
import { ApiError } from '../../../lib/api-errors';
import { formatShortDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import {
  actOnFollower,
  blockedActorsQuery,
  federationKeys,
  followRequestsQuery,
  remoteFollowersQuery,
  type FollowerAction,
} from '../api';

/**
 * Settings → Privacy: the creator's audience on other servers (Mastodon and the rest). Follow
 * requests of a locked profile, approved (Accept) or declined (Reject); accepted followers,
 * removed (Reject of their follow) or blocked (Block: they stop following and cannot again);
 * blocked actors, unblocked (Undo of the Block).
 */
export function RemoteAudiencePanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const requests = useQuery(followRequestsQuery());
  const followers = useQuery(remoteFollowersQuery());
  const blocked = useQuery(blockedActorsQuery());
  const act = useMutation({
    mutationFn: ({ action, id }: { action: FollowerAction; id: number }) =>
      actOnFollower(action, id),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: federationKeys.requests }),
        queryClient.invalidateQueries({ queryKey: federationKeys.followers }),
        queryClient.invalidateQueries({ queryKey: federationKeys.blocked }),
      ]),
  });
  const busy = (action: FollowerAction, id: number) =>
    act.isPending && act.variables.action === action && act.variables.id === id;

  const list = (
    query: typeof requests,
    texts: { title: string; empty: string },
    actions: readonly FollowerAction[],
  ) => {
    const rows = query.data?.results ?? [];
    return (
      <div className="mt-4">
        <h3 className="text-sm font-semibold text-slate-900">{texts.title}</h3>
        {query.isPending && <Skeleton className="mt-2 h-12 w-full rounded-xl" />}
        {query.isError && <Alert className="mt-2">{t('federationControl.loadFailed')}</Alert>}
        {query.isSuccess && rows.length === 0 && (
          <p className="mt-2 text-sm text-slate-500">{texts.empty}</p>
        )}
        <ul className="mt-2 divide-y divide-slate-100">
          {rows.map((row) => (
            <FollowerRow
              key={row.id}
              follower={row}
              actions={actions}
              busy={(action) => busy(action, row.id)}
              onAction={(action) => act.mutate({ action, id: row.id })}
            />
          ))}
        </ul>
      </div>
    );
  };

  // With federation turned off on the server (404), there is no audience elsewhere to show.
  if (requests.error instanceof ApiError && requests.error.status === 404) return null;

  return (
    <section
      aria-labelledby="remote-audience-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="remote-audience-title" className="font-semibold text-slate-900">
        {t('federationControl.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('federationControl.text')}</p>
      {act.isError && <Alert className="mt-4">{t('federationControl.failed')}</Alert>}
      {list(
        requests,
        {
          title: t('federationControl.requests.title'),
          empty: t('federationControl.requests.empty'),
        },
        ['approve', 'decline'],
      )}
      {list(
        followers,
        {
          title: t('federationControl.followers.title'),
          empty: t('federationControl.followers.empty'),
        },
        ['remove', 'block'],
      )}
      {list(
        blocked,
        {
          title: t('federationControl.blocked.title'),
          empty: t('federationControl.blocked.empty'),
        },
        ['unblock'],
      )}
    </section>
  );
}

interface FollowerRowProps {
  follower: RemoteFollower;
  actions: readonly FollowerAction[];
  busy: (action: FollowerAction) => boolean;
  onAction: (action: FollowerAction) => void;
}

function FollowerRow({ follower, actions, busy, onAction }: FollowerRowProps) {
  const { t } = useTranslation();
  const { handle } = follower;
  const texts: Record<FollowerAction, { text: string; label: string }> = {
    approve: {
      text: t('federationControl.actions.approve'),
      label: t('federationControl.actionLabels.approve', { handle }),
    },
    decline: {
      text: t('federationControl.actions.decline'),
      label: t('federationControl.actionLabels.decline', { handle }),
    },
    remove: {
      text: t('federationControl.actions.remove'),
      label: t('federationControl.actionLabels.remove', { handle }),
    },
    block: {
      text: t('federationControl.actions.block'),
      label: t('federationControl.actionLabels.block', { handle }),
    },
    unblock: {
      text: t('federationControl.actions.unblock'),
      label: t('federationControl.actionLabels.unblock', { handle }),
    },
  };
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{follower.handle}</p>
        <p className="text-xs text-slate-500">
          {t('federationControl.since', { date: formatShortDate(follower.since) })}
        </p>
      </div>
      {actions.map((action) => (
        <Button
          key={action}
          variant={action === 'approve' ? 'primary' : 'outline'}
          size="sm"
          busy={busy(action)}
          onClick={() => onAction(action)}
          aria-label={texts[action].label}
        >
          {texts[action].text}
        </Button>
      ))}
    </li>
  );
}
