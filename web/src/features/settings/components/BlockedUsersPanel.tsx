import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedUser } from '@zura/contracts';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { blockedUsersQuery, unblockUser } from '../../blocks';

/**
 * Settings → Account: the users the owner blocked. Unblocking lets the two see each other again;
 * follows and subscriptions the block ended stay ended.
 */
export function BlockedUsersPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(blockedUsersQuery());
  const unblock = useMutation({
    mutationFn: unblockUser,
    // Profiles, feeds and search results change too, not only this list.
    onSettled: () => queryClient.invalidateQueries(),
  });
  const users = query.data?.results ?? [];

  return (
    <section
      aria-labelledby="blocked-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="blocked-title" className="font-semibold text-slate-900">
        {t('settings.blocked.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('settings.blocked.text')}</p>
      {unblock.isError && <Alert className="mt-4">{t('settings.blocked.failed')}</Alert>}
      {query.isPending && <Skeleton className="mt-4 h-12 w-full rounded-xl" />}
      {query.isError && <Alert className="mt-4">{t('settings.blocked.loadFailed')}</Alert>}
      {query.isSuccess && users.length === 0 && (
        <p className="mt-4 text-sm text-slate-500">{t('settings.blocked.empty')}</p>
      )}
      <ul className="mt-4 divide-y divide-slate-100">
        {users.map((user) => (
          <BlockedRow
            key={user.id}
            user={user}
            busy={unblock.isPending && unblock.variables === user.id}
            onUnblock={() => unblock.mutate(user.id)}
          />
        ))}
      </ul>
    </section>
  );
}

interface BlockedRowProps {
  user: BlockedUser;
  busy: boolean;
  onUnblock: () => void;
}

function BlockedRow({ user, busy, onUnblock }: BlockedRowProps) {
  const { t } = useTranslation();
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar src={user.profile_image} name={user.username} decorative className="size-9" />
      <p className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{user.username}</p>
      <Button
        variant="outline"
        size="sm"
        busy={busy}
        onClick={onUnblock}
        aria-label={t('settings.blocked.unblockLabel', { username: user.username })}
      >
        {t('settings.blocked.unblock')}
      </Button>
    </li>
  );
}
