import { useInfiniteQuery } from '@tanstack/react-query';
import ArrowDownLeft from 'lucide-react/icons/arrow-down-left';
import ArrowUpRight from 'lucide-react/icons/arrow-up-right';
import { useTranslation } from '../../../lib/use-translation';
import { formatDateTime } from '../../../lib/format';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { cn } from '../../../ui/cn';
import {
  flattenTransactions,
  PAYMENT_KINDS,
  transactionsQuery,
  type WalletTransaction,
} from '../api';
import { offerChargeTitle } from '../../offers';
import { formatSignedCents } from '../../../payments/money';
import { FeeSplit } from '../../../payments/FeeSplit';

const KNOWN_KINDS = new Set([
  'topup',
  'subscription',
  'renewal',
  'tip',
  'message_unlock',
  'post_unlock',
  'payout_request',
  'payout_paid',
] as const);
type KnownKind = typeof KNOWN_KINDS extends Set<infer K> ? K : never;

function isKnownKind(kind: string): kind is KnownKind {
  return (KNOWN_KINDS as Set<string>).has(kind);
}

/** Every movement of the wallet and earnings, newest first, 50 at a time with "Load more". */
export function TransactionList() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(transactionsQuery());
  const items = flattenTransactions(query.data);

  if (query.isPending) {
    return (
      <div className="space-y-2">
        <p role="status" className="sr-only">
          {t('wallet.loading')}
        </p>
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <div className="space-y-3">
        <Alert>{t('wallet.transactions.loadFailed')}</Alert>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('wallet.retry')}
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return <p className="text-sm text-slate-500">{t('wallet.transactions.empty')}</p>;
  }

  return (
    <div>
      <ul aria-label={t('wallet.transactions.title')} className="divide-y divide-slate-100">
        {items.map((item) => (
          <TransactionRow key={item.id} item={item} />
        ))}
      </ul>
      {query.isFetchNextPageError && (
        <p className="mt-3 text-sm text-red-600">{t('wallet.transactions.loadFailed')}</p>
      )}
      {query.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="outline"
            size="sm"
            busy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage
              ? t('wallet.transactions.loadingMore')
              : t('wallet.transactions.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}

function TransactionRow({ item }: { item: WalletTransaction }) {
  const { t, i18n } = useTranslation();
  const incoming = item.direction === 'in';
  const title =
    offerChargeTitle(item, t) ??
    (isKnownKind(item.kind) ? t(`wallet.transactions.kinds.${item.kind}`) : item.description);
  const counterparty = item.counterparty
    ? t(incoming ? 'wallet.transactions.from' : 'wallet.transactions.to', {
        username: item.counterparty,
      })
    : undefined;
  const Icon = incoming ? ArrowDownLeft : ArrowUpRight;

  return (
    <li className="flex gap-3 py-3">
      <span
        aria-hidden
        className={cn(
          'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full',
          incoming ? 'bg-emerald-50 text-emerald-600' : 'bg-slate-100 text-slate-600',
        )}
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{title}</p>
            <p className="text-xs text-slate-500">
              {counterparty && (
                <>
                  <span>{counterparty}</span>
                  <span aria-hidden> · </span>
                </>
              )}
              <time dateTime={item.created_at}>
                {formatDateTime(item.created_at, i18n.language)}
              </time>
            </p>
          </div>
          <p
            className={cn(
              'shrink-0 font-semibold tabular-nums',
              item.net_cents > 0 ? 'text-emerald-700' : 'text-slate-900',
            )}
          >
            {formatSignedCents(item.net_cents)}
          </p>
        </div>
        {PAYMENT_KINDS.has(item.kind) && (
          <FeeSplit
            feeCents={item.fee_cents}
            creatorCents={item.creator_cents}
            className="mt-2 max-w-xs"
          />
        )}
      </div>
    </li>
  );
}
