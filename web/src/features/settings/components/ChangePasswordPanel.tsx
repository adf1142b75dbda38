import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, PASSWORD_MIN_LENGTH } from '@zura/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { PasswordField } from '../../../ui/PasswordField';
import { changePassword, settingsKeys } from '../api';
import { serverMessages } from '../sections';

const empty = { current: '', next: '', confirm: '' };

/** Settings → Account: a new password; the server signs every other device out. */
export function ChangePasswordPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(empty);
  const [problem, setProblem] = useState<string>();
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setValues(empty);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.devices() });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = !values.current
      ? t('settings.password.currentRequired')
      : values.next.length < PASSWORD_MIN_LENGTH
        ? messages.passwordTooShort
        : values.next !== values.confirm
          ? messages.passwordsDoNotMatch
          : undefined;
    setProblem(found);
    if (!found) mutation.mutate({ current_password: values.current, new_password: values.next });
  };
  const field = (key: keyof typeof empty) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => {
      setValues((old) => ({ ...old, [key]: event.target.value }));
      setProblem(undefined);
      mutation.reset();
    },
  });
  const error =
    problem ??
    (mutation.isError
      ? serverMessages(mutation.error).join(' ') || t('settings.password.failed')
      : undefined);

  return (
    <section
      aria-labelledby="password-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="password-title" className="font-semibold text-slate-900">
        {t('settings.password.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('settings.password.text')}</p>
      <form onSubmit={submit} noValidate className="mt-4 max-w-md space-y-4">
        {error && <Alert>{error}</Alert>}
        {mutation.isSuccess && <Alert tone="success">{mutation.data.message}</Alert>}
        <PasswordField
          label={t('settings.password.current')}
          autoComplete="current-password"
          {...field('current')}
        />
        <PasswordField
          label={t('settings.password.new')}
          autoComplete="new-password"
          {...field('next')}
        />
        <PasswordField
          label={t('settings.password.confirm')}
          autoComplete="new-password"
          {...field('confirm')}
        />
        <Button type="submit" busy={mutation.isPending}>
          {t('settings.password.submit')}
        </Button>
      </form>
    </section>
  );
}
