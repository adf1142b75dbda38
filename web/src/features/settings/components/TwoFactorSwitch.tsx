import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Switch } from '../../../ui/Switch';
import { twoFactorQuery } from '../api';
import { TwoFactorDisableDialog } from './TwoFactorDisableDialog';
import { TwoFactorSetupDialog } from './TwoFactorSetupDialog';

/**
 * The spec's "Two-factor authentication" switch, backed by the real thing: switching it on
 * walks through the set-up, switching it off asks for the password and a code.
 */
export function TwoFactorSwitch() {
  const { t } = useTranslation();
  const query = useQuery(twoFactorQuery());
  const [dialog, setDialog] = useState<'setup' | 'disable'>();
  const enabled = query.data?.enabled ?? false;
  const close = (open: boolean) => {
    if (!open) setDialog(undefined);
  };
  return (
    <>
      <Switch
        label={t('settings.fields.twoFactorAuth.label')}
        description={
          enabled
            ? t('settings.twoFactor.on', { count: query.data?.recovery_codes_left ?? 0 })
            : t('settings.fields.twoFactorAuth.description')
        }
        checked={enabled}
        disabled={!query.isSuccess}
        onCheckedChange={(on) => setDialog(on ? 'setup' : 'disable')}
      />
      <TwoFactorSetupDialog open={dialog === 'setup'} onOpenChange={close} />
      <TwoFactorDisableDialog open={dialog === 'disable'} onOpenChange={close} />
    </>
  );
}
