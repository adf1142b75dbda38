import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { Button, buttonClasses } from '../../../ui/Button';
import { priceToCents } from '../../../payments/price';
import type { Post } from '../api';
import { authorProfilePath } from '../content';

export interface SubscribeActionProps {
  post: Post;
  onSubscribe: () => void;
}

/**
 * The way to a gated post's creator: a button that subscribes at the creator's price or, without
 * a readable price, the way to their profile. Shown by the post's gate and by its comments.
 */
export function SubscribeAction({ post, onSubscribe }: SubscribeActionProps) {
  const { t } = useTranslation();
  const cents = priceToCents(post.subscription_price);
  if (cents !== undefined && cents > 0 && typeof post.user_id === 'number') {
    return (
      <Button size="sm" onClick={onSubscribe}>
        {t('subscriptions.subscribeFor', { price: formatMoney(cents) })}
      </Button>
    );
  }
  return (
    <Link to={authorProfilePath(post)} className={buttonClasses({ size: 'sm' })}>
      {t('subscriptions.gate.viewProfile')}
    </Link>
  );
}
