import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { PasswordField } from '../../../ui/PasswordField';
import { TextField } from '../../../ui/TextField';
import { disableTwoFactor, settingsKeys } from '../api';
import { serverMessages } from '../sections';

/** Turning two-factor off takes the password and a code (or a recovery code). */
export function TwoFactorDisableDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t('settings.twoFactor.disableTitle')}
      description={t('settings.twoFactor.disableText')}
    >
      <DisableForm onDone={() => props.onOpenChange(false)} />
    </Dialog>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const mutation = useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.twoFactor() });
      onDone();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password && code.trim()) mutation.mutate({ password, code: code.trim() });
  };
  const error = mutation.isError
    ? serverMessages(mutation.error).join(' ') || t('settings.twoFactor.failed')
    : undefined;
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
      <TextField
        label={t('settings.twoFactor.codeOrRecovery')}
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onDone}>
          {t('settings.twoFactor.cancel')}
        </Button>
        <Button
          type="submit"
          variant="danger"
          busy={mutation.isPending}
          disabled={!password || !code.trim()}
        >
          {t('settings.twoFactor.turnOff')}
        </Button>
      </div>
    </form>
  );
}
