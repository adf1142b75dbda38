import type { CreatorOffer } from '@zura/contracts';
import { useQuery } from '@tanstack/react-query';
import Copy from 'lucide-react/icons/copy';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { formatDateTime } from '../../../lib/format';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Skeleton } from '../../../ui/Skeleton';
import { myOffersQuery, refusalText, useEndOffer } from '../api';

/** The creator's offers with their claims and status; trial links can be copied, any ended. */
export function OfferList() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery(myOffersQuery());
  const [ending, setEnding] = useState<CreatorOffer | null>(null);
  const end = useEndOffer();

  if (isPending) return <Skeleton className="h-24 w-full" />;
  if (isError) return <Alert>{t('offers.loadFailed')}</Alert>;
  if (data.length === 0) return <p className="text-sm text-slate-600">{t('offers.list.empty')}</p>;
  return (
    <>
      <ul className="divide-y divide-slate-200" aria-label={t('offers.list.title')}>
        {data.map((offer) => (
          <OfferRow key={offer.id} offer={offer} onEnd={() => setEnding(offer)} />
        ))}
      </ul>
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => {
          if (!open) {
            setEnding(null);
            end.reset();
          }
        }}
        title={t('offers.list.endTitle')}
        message={t('offers.list.endText')}
        confirmLabel={t('offers.list.end')}
        busyLabel={t('offers.list.ending')}
        busy={end.isPending}
        error={
          end.isError ? (
            <Alert>{refusalText(end.error) ?? t('offers.list.endFailed')}</Alert>
          ) : undefined
        }
        onConfirm={() => {
          if (ending) end.mutate(ending.id, { onSuccess: () => setEnding(null) });
        }}
      />
    </>
  );
}

interface OfferRowProps {
  offer: CreatorOffer;
  onEnd: () => void;
}

function OfferRow({ offer, onEnd }: OfferRowProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}${offer.url_path}`;
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // Without a clipboard (plain http) the link stays visible to copy by hand.
      setCopied(false);
    }
  };
  const title =
    offer.kind === 'trial'
      ? t('offers.list.trial', { days: offer.trial_days ?? 0 })
      : t('offers.list.discount', { percent: offer.discount_percent ?? 0 });
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-offer-id={offer.id}>
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="font-medium text-slate-900">
          {title}{' '}
          <span className="ms-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
            {t(`offers.list.status.${offer.status}`)}
          </span>
        </p>
        <p className="text-xs text-slate-600">
          {t(`offers.audience.${offer.audience}`)} ·{' '}
          {offer.claim_limit === null
            ? t('offers.list.claims', { count: offer.claim_count })
            : t('offers.list.claimsOf', { count: offer.claim_count, limit: offer.claim_limit })}
          {offer.expires_at &&
            ` · ${t('offers.list.expires', { date: formatDateTime(offer.expires_at) })}`}
        </p>
        {offer.kind === 'trial' && (
          <p className="truncate text-xs text-slate-500" data-testid="offer-link">
            {link}
          </p>
        )}
      </div>
      {offer.kind === 'trial' && (
        <Button variant="outline" size="sm" onClick={() => void handleCopy()}>
          <Copy className="size-4" aria-hidden />
          {copied ? t('offers.list.copied') : t('offers.list.copy')}
        </Button>
      )}
      {offer.status === 'active' && (
        <Button variant="ghost" size="sm" onClick={onEnd}>
          {t('offers.list.end')}
        </Button>
      )}
    </li>
  );
}
