import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatMoney } from '../../../lib/format';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { formatDateTime } from '../../../lib/format';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Badge } from '../../../ui/CountBadge';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Tabs } from '../../../ui/Tabs';
import {
  adminKeys,
  markPayoutPaid,
  PAYOUT_REVIEW_STATUSES,
  payoutsForReviewQuery,
  type PayoutReviewStatus,
  type ReviewedPayout,
} from '../api';
import { ReviewQueue } from './ReviewQueue';

/** Requested payouts to pay out (then 'Mark as paid'), and those already paid. */
export function PayoutsReview() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<PayoutReviewStatus>('requested');
  const query = useQuery(payoutsForReviewQuery(status));
  const [paying, setPaying] = useState<ReviewedPayout | null>(null);
  const queryClient = useQueryClient();
  const mark = useMutation({
    mutationFn: (id: number) => markPayoutPaid(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.payouts() });
      setPaying(null);
    },
  });

  const closeConfirm = (open: boolean) => {
    if (open) return;
    setPaying(null);
    mark.reset();
  };

  return (
    <Tabs
      label={t('admin.payouts.statusLabel')}
      items={PAYOUT_REVIEW_STATUSES.map((value) => ({
        value,
        label: t(`admin.payouts.status.${value}`),
      }))}
      value={status}
      onValueChange={setStatus}
    >
      <ReviewQueue
        query={query}
        isEmpty={(data) => data.length === 0}
        labels={{
          loading: t('admin.payouts.loading'),
          loadFailed: t('admin.payouts.loadFailed'),
          empty: t(`admin.payouts.empty.${status}`),
        }}
        skeletonClassName="h-16 w-full"
      >
        {(data) => (
          <ul
            aria-label={t(`admin.payouts.listLabel.${status}`)}
            className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200"
          >
            {data.map((payout) => (
              <li key={payout.id} className="flex flex-wrap items-center gap-4 px-5 py-4">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">
                    {t('admin.payouts.creator', {
                      username: payout.creator.username,
                      email: payout.creator.email,
                    })}
                  </p>
                  <p className="text-xs text-slate-500">
                    {t('admin.payouts.requestedOn', {
                      date: formatDateTime(payout.requested_at, i18n.language),
                    })}
                    {payout.paid_at && (
                      <>
                        {' · '}
                        {t('admin.payouts.paidOn', {
                          date: formatDateTime(payout.paid_at, i18n.language),
                        })}
                      </>
                    )}
                  </p>
                </div>
                {/* A test-mode payout: marking it paid sends nothing, there is nobody to pay. */}
                {payout.test_account && (
                  <Badge tone="slate">{t('wallet.payout.testAccount')}</Badge>
                )}
                <p className="text-lg font-semibold text-slate-900 tabular-nums">
                  {formatMoney(payout.amount_cents)}
                </p>
                {payout.status === 'requested' && (
                  <Button size="sm" onClick={() => setPaying(payout)}>
                    {t('admin.payouts.markPaid')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </ReviewQueue>
      <ConfirmDialog
        open={paying !== null}
        onOpenChange={closeConfirm}
        title={t('admin.payouts.confirmTitle')}
        message={
          paying
            ? t('admin.payouts.confirm', {
                amount: formatMoney(paying.amount_cents),
                username: paying.creator.username,
              })
            : ''
        }
        confirmLabel={t('admin.payouts.markPaid')}
        busyLabel={t('admin.payouts.marking')}
        cancelLabel={t('admin.cancel')}
        busy={mark.isPending}
        onConfirm={() => paying && mark.mutate(paying.id)}
        error={mark.isError ? <Alert>{t('admin.payouts.failed')}</Alert> : undefined}
      />
    </Tabs>
  );
}
