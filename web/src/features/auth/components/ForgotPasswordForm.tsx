import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { Alert } from '../../../ui/Alert';
import { Button, buttonClasses } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { requestPasswordReset } from '../api';
import { forgotPasswordErrorMessage } from '../errors';
import { forgotPasswordFormSchema, type ForgotPasswordFormValues } from '../schemas';
import { AuthHeading } from './AuthLayout';
import { StatusPanel } from './StatusPanel';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const schema = useMemo(() => forgotPasswordFormSchema(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });
  const mutation = useMutation({ mutationFn: requestPasswordReset });

  const backToLogin = (
    <Link to="/login" className={buttonClasses({ variant: 'outline' })}>
      {t('auth.forgotPassword.backToLogin')}
    </Link>
  );

  if (mutation.isSuccess) {
    return (
      <StatusPanel
        kind="success"
        title={t('auth.forgotPassword.successTitle')}
        text={mutation.data.message}
        actions={backToLogin}
      />
    );
  }

  const errorMessage =
    errors.email?.message ??
    (mutation.isError ? forgotPasswordErrorMessage(mutation.error, t) : undefined);
  const handleRequest = handleSubmit((values) => mutation.mutate(values.email.trim()));

  return (
    <>
      <AuthHeading
        title={t('auth.forgotPassword.title')}
        subtitle={t('auth.forgotPassword.subtitle')}
      />
      <form onSubmit={handleRequest} noValidate className="space-y-4">
        {errorMessage && <Alert>{errorMessage}</Alert>}
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          placeholder={t('auth.placeholders.email')}
          invalid={Boolean(errors.email)}
          {...register('email')}
        />
        <Button type="submit" size="lg" fullWidth busy={mutation.isPending}>
          {mutation.isPending
            ? t('auth.forgotPassword.submitting')
            : t('auth.forgotPassword.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-violet-700 hover:underline">
          {t('auth.forgotPassword.backToLogin')}
        </Link>
      </p>
    </>
  );
}
