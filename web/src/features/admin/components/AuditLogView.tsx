import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { formatDateTime } from '../../../lib/format';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { auditLogQuery } from '../api';

/** Every admin action, newest first: who did what to what, when and why. */
export function AuditLogView() {
  const { t, i18n } = useTranslation();
  const query = useInfiniteQuery(auditLogQuery());
  const entries = query.data?.pages.flatMap((page) => page.results) ?? [];
  if (query.isPending) return <Skeleton className="h-24 w-full" />;
  if (query.isError) return <Alert>{t('admin.audit.loadFailed')}</Alert>;
  if (entries.length === 0)
    return <p className="text-sm text-slate-600">{t('admin.audit.empty')}</p>;
  return (
    <div className="space-y-4">
      <ol aria-label={t('admin.audit.title')} className="divide-y divide-slate-100 text-sm">
        {entries.map((entry) => (
          <li key={entry.id} className="py-3">
            <p className="text-slate-900">
              {t('admin.audit.entry', {
                actor: entry.actor.username || `#${entry.actor.id}`,
                action: t(`admin.audit.actions.${entry.action}`, { defaultValue: entry.action }),
                target: `${entry.target_type} #${entry.target_id}`,
              })}
            </p>
            <p className="text-slate-600">
              {formatDateTime(entry.created_at, i18n.language)}
              {entry.reason ? ` · ${entry.reason}` : ''}
            </p>
          </li>
        ))}
      </ol>
      {query.hasNextPage && (
        <Button
          variant="outline"
          busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('admin.audit.more')}
        </Button>
      )}
    </div>
  );
}
