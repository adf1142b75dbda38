import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { PasswordField } from '../../../ui/PasswordField';
import { TextField } from '../../../ui/TextField';
import { enableTwoFactor, settingsKeys, setUpTwoFactor } from '../api';
import { serverMessages } from '../sections';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Set-up in three steps: the password, then the QR code and a first code, then the recovery codes. */
export function TwoFactorSetupDialog({ open, onOpenChange }: DialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setup = useMutation({ mutationFn: setUpTwoFactor });
  const enable = useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.twoFactor() }),
  });
  const { reset: resetSetup } = setup;
  const { reset: resetEnable } = enable;
  useEffect(() => {
    if (!open) {
      resetSetup();
      resetEnable();
    }
  }, [open, resetSetup, resetEnable]);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('settings.twoFactor.setupTitle')}
      description={t('settings.twoFactor.setupText')}
    >
      {enable.data ? (
        <RecoveryCodes codes={enable.data.recovery_codes} onDone={() => onOpenChange(false)} />
      ) : setup.data ? (
        <CodeStep
          secret={setup.data.secret}
          otpauthUrl={setup.data.otpauth_url}
          busy={enable.isPending}
          error={
            enable.isError
              ? (serverMessages(enable.error)[0] ?? t('settings.twoFactor.failed'))
              : undefined
          }
          onSubmit={(code) => enable.mutate(code)}
        />
      ) : (
        <PasswordStep
          busy={setup.isPending}
          error={
            setup.isError
              ? (serverMessages(setup.error)[0] ?? t('settings.twoFactor.failed'))
              : undefined
          }
          onSubmit={(password) => setup.mutate(password)}
        />
      )}
    </Dialog>
  );
}

interface StepProps {
  busy: boolean;
  error: string | undefined;
  onSubmit: (value: string) => void;
}

function PasswordStep({ busy, error, onSubmit }: StepProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password) onSubmit(password);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error && <Alert>{error}</Alert>}
      <PasswordField
        label={t('settings.twoFactor.password')}
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" busy={busy} disabled={!password}>
        {t('settings.twoFactor.continue')}
      </Button>
    </form>
  );
}

function CodeStep({
  secret,
  otpauthUrl,
  ...step
}: StepProps & { secret: string; otpauthUrl: string }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [qr, setQr] = useState<string>();
  useEffect(() => {
    let current = true;
    // Loaded when needed: the QR encoder is not part of any first page.
    void import('qrcode')
      .then((lib) => lib.toDataURL(otpauthUrl, { margin: 1, width: 192 }))
      .then((url) => {
        if (current) setQr(url);
      });
    return () => {
      current = false;
    };
  }, [otpauthUrl]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim()) step.onSubmit(code.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{t('settings.twoFactor.scan')}</p>
      {qr && (
        <img
          src={qr}
          width={192}
          height={192}
          alt={t('settings.twoFactor.qrAlt')}
          className="mx-auto rounded-lg border border-slate-200"
        />
      )}
      <p className="text-sm text-slate-600">
        {t('settings.twoFactor.manual')}{' '}
        <code className="font-mono text-sm break-all text-slate-900" data-testid="totp-secret">
          {secret}
        </code>
      </p>
      {step.error && <Alert>{step.error}</Alert>}
      <TextField
        label={t('settings.twoFactor.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" busy={step.busy} disabled={!code.trim()}>
        {t('settings.twoFactor.turnOn')}
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <Alert tone="success">{t('settings.twoFactor.enabled')}</Alert>
      <p className="text-sm text-slate-600">{t('settings.twoFactor.recoveryText')}</p>
      <ul
        aria-label={t('settings.twoFactor.recoveryLabel')}
        className="grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex justify-end gap-3">
        <Button
          variant="outline"
          onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}
        >
          {t('settings.twoFactor.copy')}
        </Button>
        <Button onClick={onDone}>{t('settings.twoFactor.done')}</Button>
      </div>
    </div>
  );
}
