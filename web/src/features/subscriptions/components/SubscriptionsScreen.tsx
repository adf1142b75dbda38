import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../../lib/format';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { formatShortDate } from '../../../lib/format';
import { Alert } from '../../../ui/Alert';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Skeleton } from '../../../ui/Skeleton';
import { Tabs } from '../../../ui/Tabs';
import { mySubscriptionsQuery, type Subscription } from '../api';
import { useCancelSubscription } from '../hooks';
import { billingLine, creatorProfilePath, subscriptionPriceCents } from '../pricing';

type SubscriptionTab = 'active' | 'expired';

/**
 * Spec §2 "My Subscriptions": tabs Active (n) and Expired (n); rows with the creator's avatar,
 * username, billing date and monthly price, each opening the creator's profile. Active rows
 * can be cancelled (they stay active until the paid period ends).
 */
export function SubscriptionsScreen() {
  const { t } = useTranslation();
  const query = useQuery(mySubscriptionsQuery());
  const [tab, setTab] = useState<SubscriptionTab>('active');
  const [cancelling, setCancelling] = useState<Subscription | null>(null);

  if (query.isPending) {
    return (
      <div className="space-y-3">
        <p role="status" className="sr-only">
          {t('subscriptions.loading')}
        </p>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }

  if (query.isError) {
    return (
      <div className="space-y-3">
        <Alert>{t('subscriptions.loadFailed')}</Alert>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('subscriptions.retry')}
        </Button>
      </div>
    );
  }

  const lists = query.data;
  const items = lists[tab];

  return (
    <>
      <Tabs
        label={t('subscriptions.tabsLabel')}
        items={[
          { value: 'active', label: t('subscriptions.active', { count: lists.active.length }) },
          { value: 'expired', label: t('subscriptions.expired', { count: lists.expired.length }) },
        ]}
        value={tab}
        onValueChange={setTab}
      >
        {items.length === 0 ? (
          <p className="rounded-2xl bg-white px-6 py-12 text-center text-sm text-slate-600 ring-1 ring-slate-200">
            {t(`subscriptions.empty.${tab}`)}
          </p>
        ) : (
          <ul
            aria-label={t(`subscriptions.listLabel.${tab}`)}
            className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
          >
            {items.map((item) => (
              <SubscriptionRow key={item.id} item={item} onCancel={setCancelling} />
            ))}
          </ul>
        )}
      </Tabs>
      <CancelSubscriptionDialog subscription={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

interface SubscriptionRowProps {
  item: Subscription;
  onCancel: (item: Subscription) => void;
}

function SubscriptionRow({ item, onCancel }: SubscriptionRowProps) {
  const { t, i18n } = useTranslation();
  const username = item.creator_details.username;
  const billing = billingLine(item);
  const date = billing.kind === 'none' ? '' : formatShortDate(billing.date, i18n.language);
  const billingText =
    billing.kind === 'next'
      ? item.is_trial
        ? t('offers.row.trial', { date })
        : t('subscriptions.nextBilling', { date })
      : billing.kind === 'until'
        ? t('subscriptions.activeUntil', { date })
        : billing.kind === 'expired'
          ? t('subscriptions.expiredOn', { date })
          : undefined;
  const cents = subscriptionPriceCents(item);
  const priceText =
    cents === undefined || cents === 0
      ? t('subscriptions.free')
      : (item.period_months ?? 1) > 1
        ? t('offers.row.bundlePrice', { price: formatMoney(cents), count: item.period_months })
        : t('subscriptions.pricePerMonth', { price: formatMoney(cents) });
  const canCancel = item.status === 'active' && !item.cancel_at_period_end;

  return (
    <li className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50">
      <Link
        to={creatorProfilePath(item)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl focus-visible:outline-2 focus-visible:outline-violet-600"
      >
        <Avatar src={item.creator_details.profile_image} name={username} decorative />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-slate-900">{username}</span>
          {billingText && <span className="block text-sm text-slate-600">{billingText}</span>}
        </span>
        <span className="shrink-0 text-sm font-medium text-slate-800 tabular-nums">
          {priceText}
        </span>
      </Link>
      {canCancel && (
        <Button
          variant="outline"
          size="sm"
          aria-label={t('subscriptions.cancelLabel', { username })}
          onClick={() => onCancel(item)}
        >
          {t('subscriptions.cancel')}
        </Button>
      )}
    </li>
  );
}

interface CancelSubscriptionDialogProps {
  subscription: Subscription | null;
  onClose: () => void;
}

function CancelSubscriptionDialog({ subscription, onClose }: CancelSubscriptionDialogProps) {
  const { t, i18n } = useTranslation();
  const mutation = useCancelSubscription();
  const close = () => {
    onClose();
    mutation.reset();
  };
  const until = subscription?.active_until ?? subscription?.next_billing;
  return (
    <ConfirmDialog
      open={subscription !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={t('subscriptions.cancelTitle')}
      message={t('subscriptions.cancelConfirm', {
        username: subscription?.creator_details.username ?? '',
        date: until ? formatShortDate(until, i18n.language) : '',
      })}
      onConfirm={() => {
        if (subscription) mutation.mutate(subscription.id, { onSuccess: close });
      }}
      busy={mutation.isPending}
      error={mutation.isError ? <Alert>{t('subscriptions.cancelFailed')}</Alert> : undefined}
      confirmLabel={t('subscriptions.confirmCancel')}
      busyLabel={t('subscriptions.cancelling')}
      cancelLabel={t('subscriptions.keep')}
    />
  );
}
