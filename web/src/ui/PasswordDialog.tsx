import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Alert } from './Alert';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { PasswordField } from './PasswordField';

export interface PasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with a non-empty password. */
  onSubmit: (password: string) => void;
  busy?: boolean;
  /** Failure text of the last attempt; the dialog stays open so the user can try again. */
  error?: ReactNode;
  description?: string;
  /** The dialog's title; 'Password Required' (the profile's modal) unless given. */
  title?: string;
  /** What an empty password shows; 'Please enter a password' unless given. */
  requiredText?: string;
}

/**
 * The "Password Required" modal: a password field, Cancel and Unlock ("Unlocking..." while
 * busy). An empty password is refused here with "Please enter a password" (or `requiredText`).
 */
export function PasswordDialog({
  open,
  onOpenChange,
  onSubmit,
  busy = false,
  error,
  description,
  title,
  requiredText,
}: PasswordDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title ?? t('passwordDialog.title')}
      description={description}
    >
      {/* The dialog unmounts its content when closed, so every opening starts empty. */}
      <PasswordForm
        onCancel={() => onOpenChange(false)}
        onSubmit={onSubmit}
        busy={busy}
        error={error}
        requiredText={requiredText ?? t('passwordDialog.required')}
      />
    </Dialog>
  );
}

interface PasswordFormProps {
  onCancel: () => void;
  onSubmit: (password: string) => void;
  busy: boolean;
  error: ReactNode;
  requiredText: string;
}

function PasswordForm({ onCancel, onSubmit, busy, error, requiredText }: PasswordFormProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSubmit(password);
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      {missing ? <Alert>{requiredText}</Alert> : error}
      <PasswordField
        label={t('passwordDialog.password')}
        autoComplete="off"
        autoFocus
        value={password}
        invalid={missing}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          {t('passwordDialog.cancel')}
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? t('passwordDialog.unlocking') : t('passwordDialog.unlock')}
        </Button>
      </div>
    </form>
  );
}
