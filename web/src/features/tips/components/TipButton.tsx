import HandCoins from 'lucide-react/icons/hand-coins';
import { lazy, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button, type ButtonSize, type ButtonVariant } from '../../../ui/Button';
import { MountWhenOpened } from '../../../ui/MountWhenOpened';
import type { TipTarget } from './TipDialog';

// Loads when first opened (issue 20, first-visit budget): it brings react-hook-form and the
// Radix dialog, which the profile's first screen does not need.
const TipDialog = lazy(async () => ({ default: (await import('./TipDialog')).TipDialog }));

export interface TipButtonProps {
  creatorId: number;
  username: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** 'Tip' on a creator's profile, opening the tip dialog. */
export function TipButton({ creatorId, username, variant = 'outline', size }: TipButtonProps) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<TipTarget | null>(null);
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setTarget({ creatorId, username })}>
        <HandCoins className="size-4" aria-hidden />
        {t('tips.tip')}
      </Button>
      <MountWhenOpened open={target !== null}>
        <TipDialog
          target={target}
          onOpenChange={(open) => {
            if (!open) setTarget(null);
          }}
        />
      </MountWhenOpened>
    </>
  );
}
