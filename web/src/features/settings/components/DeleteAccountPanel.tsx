import { useMutation } from '@tanstack/react-query';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from 'react-router';
import { logout } from '../../../lib/session';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Dialog } from '../../../ui/Dialog';
import { PasswordField } from '../../../ui/PasswordField';
import { deleteAccount } from '../api';
import { deleteAccountError } from '../sections';
import type { LoginLocationState } from '../../../lib/login-state';

type Step = 'idle' | 'confirm' | 'password';

/**
 * Account deletion: the spec's question first, then the password (the server deletes only
 * after checking it); on success the session ends and the user lands on /login, which says the
 * account is gone (an empty login form alone left people unsure it had worked).
 */
export function DeleteAccountPanel() {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('idle');
  return (
    <section
      aria-labelledby="delete-account-title"
      className="rounded-2xl border border-red-200 bg-white p-5 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 id="delete-account-title" className="font-semibold text-slate-900">
            {t('settings.deleteAccount.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('settings.deleteAccount.text')}</p>
          <Button variant="danger" className="mt-4" onClick={() => setStep('confirm')}>
            {t('settings.deleteAccount.button')}
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={step === 'confirm'}
        onOpenChange={(open) => setStep(open ? 'confirm' : 'idle')}
        title={t('settings.deleteAccount.title')}
        message={t('settings.deleteAccount.confirm')}
        confirmLabel={t('settings.deleteAccount.continue')}
        cancelLabel={t('settings.deleteAccount.cancel')}
        onConfirm={() => setStep('password')}
      />
      <Dialog
        open={step === 'password'}
        onOpenChange={(open) => setStep(open ? 'password' : 'idle')}
        title={t('settings.deleteAccount.title')}
        description={t('settings.deleteAccount.passwordText')}
      >
        <PasswordStep onCancel={() => setStep('idle')} />
      </Dialog>
    </section>
  );
}

interface PasswordStepProps {
  onCancel: () => void;
}

function PasswordStep({ onCancel }: PasswordStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const mutation = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await logout();
      const state: LoginLocationState = { accountDeleted: true };
      void navigate('/login', { replace: true, state });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    mutation.mutate(password);
  };

  const error = missing
    ? t('settings.deleteAccount.passwordRequired')
    : mutation.isError
      ? deleteAccountError(mutation.error, t)
      : undefined;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error && <Alert>{error}</Alert>}
      <PasswordField
        label={t('settings.deleteAccount.password')}
        autoComplete="current-password"
        autoFocus
        value={password}
        invalid={Boolean(error)}
        onChange={(event) => {
          setPassword(event.target.value);
          setMissing(false);
        }}
      />
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          {t('settings.deleteAccount.cancel')}
        </Button>
        <Button type="submit" variant="danger" busy={mutation.isPending}>
          {mutation.isPending
            ? t('settings.deleteAccount.deleting')
            : t('settings.deleteAccount.submit')}
        </Button>
      </div>
    </form>
  );
}
