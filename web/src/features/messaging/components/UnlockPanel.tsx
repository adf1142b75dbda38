import { formatMoney } from '../../../lib/format';
import Lock from 'lucide-react/icons/lock';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { PaymentConfirm } from '../../../payments/PaymentConfirm';
import { WalletBalance } from '../../wallet';
import { paymentFailure } from '../../../payments/payment-errors';
import type { ChatMessage } from '../api';
import { formatPrice, unlockPriceCents } from '../format';
import { useUnlockMessage } from '../hooks';

export interface UnlockPanelProps {
  message: ChatMessage;
  conversationId: number;
}

/**
 * Spec §2: a locked message not yet unlocked shows 'Unlock for ${price}'. Unlocking charges the
 * wallet, so the button only asks: the dialog shows the price, the split and the balance, and
 * Pay is what charges.
 */
export function UnlockPanel({ message, conversationId }: UnlockPanelProps) {
  const { t } = useTranslation();
  const priceCents = unlockPriceCents(message);
  const [open, setOpen] = useState(false);
  // Lives as long as the panel, so a failure stays explained until the dialog is closed.
  const unlock = useUnlockMessage(conversationId);
  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) unlock.reset();
  };
  return (
    <div className="space-y-2.5 rounded-2xl border border-dashed border-violet-300 bg-violet-50 px-4 py-3 text-slate-800">
      <p className="flex items-center gap-2 font-semibold">
        <Lock className="size-4 text-violet-600" aria-hidden />
        {t('messaging.message.locked')}
      </p>
      <p className="text-xs text-slate-600">{t('messaging.message.lockedHint')}</p>
      <Button size="sm" onClick={() => setOpen(true)}>
        {t('messaging.message.unlock', { price: formatPrice(priceCents) })}
      </Button>
      <Dialog
        open={open}
        onOpenChange={handleOpenChange}
        title={t('messaging.message.unlockTitle')}
      >
        <PaymentConfirm
          balance={<WalletBalance />}
          text={t('messaging.message.unlockText', { price: formatMoney(priceCents) })}
          priceCents={priceCents}
          failure={
            unlock.isError
              ? paymentFailure(unlock.error, t, t('messaging.message.unlockFailed'))
              : undefined
          }
          busy={unlock.isPending}
          onConfirm={() => unlock.mutate(message.id, { onSuccess: () => handleOpenChange(false) })}
          onCancel={() => handleOpenChange(false)}
        />
      </Dialog>
    </div>
  );
}
