import { formatMoney } from '../../../lib/format';
import Lock from 'lucide-react/icons/lock';
import { lazy, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { resolveMediaUrl } from '../../../lib/media';
import { Button } from '../../../ui/Button';
import { MountWhenOpened } from '../../../ui/MountWhenOpened';
import type { Post } from '../api';
import { saleCentsOf } from '../pay-per-view';
import { useBuyPost } from '../use-buy-post';

const SaleDialog = lazy(() =>
  import('./SaleDialog').then((module) => ({ default: module.SaleDialog })),
);

export interface SaleGateProps {
  post: Post;
  username: string;
  /** Given when the post has a password too: either opens it. */
  onPasswordUnlock?: () => void;
}

/**
 * A post for sale the viewer has not opened: its blurred preview (or a neutral blurred
 * placeholder when the upload has none) and 'Unlock for $X', which opens the payment
 * confirmation locked messages use (what is bought, the fee split, the balance); only Pay
 * charges. After paying, the card opens in place from the answer.
 */
export function SaleGate({ post, username, onPasswordUnlock }: SaleGateProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buy = useBuyPost();
  const priceCents = saleCentsOf(post);
  const preview = resolveMediaUrl(post.preview ?? undefined);
  if (priceCents === undefined) return null;
  const price = formatMoney(priceCents);
  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) buy.reset();
  };
  return (
    <div className="relative mt-3 overflow-hidden rounded-xl bg-slate-200 ring-1 ring-slate-200">
      {preview ? (
        <img
          src={preview}
          alt={t('payPerView.card.previewAlt', { username })}
          className="absolute inset-0 size-full scale-110 object-cover blur-xl"
        />
      ) : (
        <div
          aria-hidden
          className="absolute inset-0 scale-110 bg-gradient-to-br from-violet-200 via-slate-300 to-fuchsia-200 blur-xl"
        />
      )}
      <div className="relative flex min-h-56 flex-col items-center justify-center gap-3 bg-slate-900/25 px-4 py-8 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-white/90 text-violet-600">
          <Lock className="size-6" aria-hidden />
        </span>
        <p className="font-semibold text-white drop-shadow">{t('payPerView.card.title')}</p>
        <p className="text-sm text-white/90 drop-shadow">{t('payPerView.card.hint')}</p>
        <Button size="sm" onClick={() => setOpen(true)}>
          {t('payPerView.card.unlock', { price })}
        </Button>
        {onPasswordUnlock && (
          <Button variant="secondary" size="sm" onClick={onPasswordUnlock}>
            {t('payPerView.card.password')}
          </Button>
        )}
      </div>
      <MountWhenOpened open={open}>
        <SaleDialog
          open={open}
          onOpenChange={handleOpenChange}
          postId={post.id}
          username={username}
          price={price}
          priceCents={priceCents}
          buy={buy}
        />
      </MountWhenOpened>
    </div>
  );
}
