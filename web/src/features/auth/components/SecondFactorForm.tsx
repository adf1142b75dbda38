import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { loginSecondFactor } from '../api';
import { secondFactorErrorMessage } from '../errors';
import { AuthHeading } from './AuthLayout';

interface SecondFactorFormProps {
  /** What the right password earned: good for five minutes, with one code. */
  challenge: string;
  /** Back to the password form (the challenge expired, or another account). */
  onRestart: () => void;
}

/** The second step of a sign-in with two-factor on: a code from the app or a recovery code. */
export function SecondFactorForm({ challenge, onRestart }: SecondFactorFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const mutation = useMutation({ mutationFn: loginSecondFactor });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMissing(code.trim() === '');
    if (code.trim() !== '') mutation.mutate({ challenge, code: code.trim() });
  };
  const error = missing
    ? t('auth.secondFactor.required')
    : mutation.isError
      ? secondFactorErrorMessage(mutation.error, t)
      : undefined;

  return (
    <>
      <AuthHeading title={t('auth.secondFactor.title')} subtitle={t('auth.secondFactor.text')} />
      <form onSubmit={submit} noValidate className="space-y-4">
        {error && <Alert>{error}</Alert>}
        <TextField
          label={t('auth.secondFactor.code')}
          autoComplete="one-time-code"
          autoFocus
          value={code}
          invalid={Boolean(error)}
          onChange={(event) => {
            setCode(event.target.value);
            setMissing(false);
          }}
        />
        <Button type="submit" size="lg" fullWidth busy={mutation.isPending}>
          {mutation.isPending ? t('auth.secondFactor.submitting') : t('auth.secondFactor.submit')}
        </Button>
        <Button variant="outline" fullWidth onClick={onRestart}>
          {t('auth.secondFactor.restart')}
        </Button>
      </form>
    </>
  );
}
