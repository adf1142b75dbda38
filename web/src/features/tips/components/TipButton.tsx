import { HandCoins } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonSize, type ButtonVariant } from '../../../ui/Button';
import { TipDialog, type TipTarget } from './TipDialog';

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
      <TipDialog
        target={target}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
      />
    </>
  );
}
