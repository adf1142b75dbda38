import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Switch } from '../../../ui/Switch';
import { resendVerification, twoFactorQuery } from '../api';
import { serverMessages } from '../sections';
import { TwoFactorDisableDialog } from './TwoFactorDisableDialog';
import { TwoFactorSetupDialog } from './TwoFactorSetupDialog';

/**
 * The spec's "Two-factor authentication" switch, backed by the real thing: switching it on
 * walks through the set-up, switching it off asks for the password and a code. Until the
 * account's address is verified it cannot be switched on, and says so, with a new link offered.
 */
export function TwoFactorSwitch() {
  const { t } = useTranslation();
  const query = useQuery(twoFactorQuery());
  const [dialog, setDialog] = useState<'setup' | 'disable'>();
  const enabled = query.data?.enabled ?? false;
  const needsVerifying = query.data !== undefined && !enabled && !query.data.email_verified;
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
            : needsVerifying
              ? t('settings.twoFactor.verifyFirst')
              : t('settings.fields.twoFactorAuth.description')
        }
        checked={enabled}
        disabled={!query.isSuccess || needsVerifying}
        onCheckedChange={(on) => setDialog(on ? 'setup' : 'disable')}
      />
      {needsVerifying && <ResendVerification />}
      <TwoFactorSetupDialog open={dialog === 'setup'} onOpenChange={close} />
      <TwoFactorDisableDialog open={dialog === 'disable'} onOpenChange={close} />
    </>
  );
}

/** Mails a new verification link (the one of sign-up may have expired or gone astray). */
function ResendVerification() {
  const { t } = useTranslation();
  const resend = useMutation({ mutationFn: resendVerification });
  return (
    <div className="mt-2 space-y-2">
      {resend.isSuccess && <Alert tone="success">{t('settings.twoFactor.verifySent')}</Alert>}
      {resend.isError && (
        <Alert>{serverMessages(resend.error)[0] ?? t('settings.twoFactor.failed')}</Alert>
      )}
      <Button
        variant="outline"
        size="sm"
        busy={resend.isPending}
        disabled={resend.isSuccess}
        onClick={() => resend.mutate()}
      >
        {t('settings.twoFactor.resend')}
      </Button>
    </div>
  );
}
