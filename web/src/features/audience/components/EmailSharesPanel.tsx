import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { emailShareKeys, emailSharesQuery, withdrawEmailShare } from '../api';

/** Settings → Privacy: the creators who see the fan's email in their export, each withdrawable. */
export function EmailSharesPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(emailSharesQuery());
  const withdraw = useMutation({
    mutationFn: withdrawEmailShare,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailShareKeys.all }),
  });
  const shares = query.data ?? [];
  return (
    <section
      aria-labelledby="email-shares-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="email-shares-title" className="font-semibold text-slate-900">
        {t('audience.shares.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('audience.shares.text')}</p>
      {withdraw.isError && <Alert className="mt-4">{t('audience.shares.failed')}</Alert>}
      {query.isPending && <Skeleton className="mt-4 h-12 w-full rounded-xl" />}
      {query.isError && <Alert className="mt-4">{t('audience.shares.loadFailed')}</Alert>}
      {query.isSuccess && shares.length === 0 && (
        <p className="mt-4 text-sm text-slate-500">{t('audience.shares.empty')}</p>
      )}
      <ul className="mt-4 divide-y divide-slate-100">
        {shares.map((share) => (
          <li key={share.creator_id} className="flex items-center justify-between gap-3 py-3">
            <span className="font-medium break-all text-slate-900">{share.username}</span>
            <Button
              variant="outline"
              busy={withdraw.isPending && withdraw.variables === share.creator_id}
              aria-label={t('audience.shares.withdrawLabel', { username: share.username })}
              onClick={() => withdraw.mutate(share.creator_id)}
            >
              {t('audience.shares.withdraw')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
