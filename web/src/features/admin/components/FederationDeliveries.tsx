import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import {
  deliveryKeys,
  federationDeliveriesQuery,
  forgetDelivery,
  retryDelivery,
} from '../deliveries-api';
import { ReviewQueue } from './ReviewQueue';

/**
 * The admins' view of federation deliveries: how many wait on the queue, and the deliveries
 * given up on (an inbox that answered 404 or 410, or failed every attempt), each of which can be
 * sent again once its server is back, or forgotten.
 */
export function FederationDeliveries() {
  const { t, i18n } = useTranslation();
  const query = useQuery(federationDeliveriesQuery());
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all });
  const retry = useMutation({ mutationFn: retryDelivery, onSuccess: refresh });
  const forget = useMutation({ mutationFn: forgetDelivery, onSuccess: refresh });
  const failed = retry.isError || forget.isError;

  return (
    <section aria-labelledby="federation-deliveries" className="space-y-4">
      <h2 id="federation-deliveries" className="text-lg font-semibold text-slate-900">
        {t('admin.deliveries.title')}
      </h2>
      {query.data && (
        <p className="text-sm text-slate-600">
          {t('admin.deliveries.backlog', {
            ready: formatCount(query.data.backlog.ready, i18n.language),
            delayed: formatCount(query.data.backlog.delayed, i18n.language),
          })}
        </p>
      )}
      {failed && <Alert tone="error">{t('admin.deliveries.actionFailed')}</Alert>}
      <ReviewQueue
        query={query}
        isEmpty={(data) => data.results.length === 0}
        labels={{
          loading: t('admin.deliveries.loading'),
          loadFailed: t('admin.deliveries.loadFailed'),
          empty: t('admin.deliveries.empty'),
        }}
        skeletonClassName="h-16 w-full"
      >
        {(data) => (
          <ul
            aria-label={t('admin.deliveries.listLabel')}
            className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200"
          >
            {data.results.map((letter) => (
              <li key={letter.id} className="flex flex-wrap items-center gap-4 px-5 py-4">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">
                    {t('admin.deliveries.activity', {
                      type: letter.activity_type,
                      inbox: letter.inbox,
                    })}
                  </p>
                  <p className="text-xs text-slate-500">
                    {letter.status_code === null
                      ? t('admin.deliveries.unreachable', { count: letter.attempts })
                      : t('admin.deliveries.answered', {
                          status: letter.status_code,
                          count: letter.attempts,
                        })}
                    {' · '}
                    {formatDateTime(letter.failed_at, i18n.language)}
                  </p>
                  <p className="truncate text-xs text-slate-400" title={letter.error}>
                    {letter.error}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(letter.id)}
                >
                  {t('admin.deliveries.retry')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={forget.isPending}
                  onClick={() => forget.mutate(letter.id)}
                >
                  {t('admin.deliveries.forget')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ReviewQueue>
    </section>
  );
}
