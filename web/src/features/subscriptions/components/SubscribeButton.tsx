import { formatMoney } from '../../../lib/format';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Crown from 'lucide-react/icons/crown';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { buttonClasses, Button } from '../../../ui/Button';
import { PaymentFailureAlert } from '../../../payments/PaymentFailureAlert';
import { paymentFailure } from '../../../payments/payment-errors';
import { useSession } from '../../../lib/use-session';
import { useSubscribeOptions } from '../../offers';
import { useSubscribe } from '../hooks';
import { priceToCents } from '../../../payments/price';
import { MountWhenOpened } from '../../../ui/MountWhenOpened';
import { LazySubscribeDialog as SubscribeDialog } from './LazySubscribeDialog';
import type { SubscribeTarget } from './SubscribeDialog';
import { ShareEmailCheckbox } from './ShareEmailCheckbox';

export interface SubscribeButtonProps {
  creatorId: number;
  username: string;
  /** The creator's price as the API writes it ('free', '4.99'). */
  price: string | null | undefined;
  isSubscribed: boolean;
}

/**
 * On another creator's profile: 'Subscribe for $4.99/month' (a confirmation first) or
 * 'Subscribe for free' (at once, with the optional consent to share the fan's email beside it);
 * once subscribed, 'Subscribed', leading to My Subscriptions.
 */
export function SubscribeButton({
  creatorId,
  username,
  price,
  isSubscribed,
}: SubscribeButtonProps) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<SubscribeTarget | null>(null);
  const freeSubscribe = useSubscribe();
  // Asked here too, beside the one-click free subscription: off unless the fan says yes.
  const [shareEmail, setShareEmail] = useState(false);
  const priceCents = priceToCents(price) ?? 0;
  // The server's prices for this fan: the best discount open to them, and any bundles.
  const signedIn = useSession() !== null;
  const { data: options } = useSubscribeOptions(
    creatorId,
    signedIn && !isSubscribed && priceCents > 0,
  );
  const discount = options?.discount;

  if (isSubscribed) {
    return (
      <Link
        to="/subscriptions"
        title={t('subscriptions.subscribedHint')}
        className={buttonClasses({ variant: 'secondary' })}
      >
        <BadgeCheck className="size-4" aria-hidden />
        {t('subscriptions.subscribed')}
      </Link>
    );
  }

  if (priceCents === 0) {
    return (
      <div className="flex flex-col items-end gap-2">
        <Button
          busy={freeSubscribe.isPending}
          onClick={() => freeSubscribe.mutate({ creatorId, shareEmail })}
        >
          {!freeSubscribe.isPending && <Crown className="size-4" aria-hidden />}
          {freeSubscribe.isPending
            ? t('subscriptions.subscribing')
            : t('subscriptions.subscribeFree')}
        </Button>
        {signedIn && (
          <div className="max-w-xs">
            <ShareEmailCheckbox username={username} checked={shareEmail} onChange={setShareEmail} />
          </div>
        )}
        <PaymentFailureAlert
          failure={
            freeSubscribe.isError
              ? paymentFailure(freeSubscribe.error, t, t('subscriptions.subscribeFailed'))
              : undefined
          }
        />
      </div>
    );
  }

  return (
    <>
      <Button onClick={() => setTarget({ creatorId, username, priceCents })}>
        <Crown className="size-4" aria-hidden />
        {discount
          ? t('subscriptions.subscribeDiscounted', {
              price: formatMoney(discount.first_period_cents),
              regular: formatMoney(options.price_cents),
            })
          : t('subscriptions.subscribeFor', { price: formatMoney(priceCents) })}
      </Button>
      <MountWhenOpened open={target !== null}>
        <SubscribeDialog
          target={target}
          onOpenChange={(open) => {
            if (!open) setTarget(null);
          }}
        />
      </MountWhenOpened>
    </>
  );
}
