import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@zura/contracts';
import { Alert } from '../../../ui/Alert';
import { Button, buttonClasses } from '../../../ui/Button';
import { PasswordField } from '../../../ui/PasswordField';
import { TextField } from '../../../ui/TextField';
import { confirmPasswordReset, resetTokenQuery } from '../api';
import { resetConfirmErrorMessage, resetTokenErrorMessage } from '../errors';
import { resetPasswordFormSchema, type ResetPasswordFormValues } from '../schemas';
import { AuthHeading } from './AuthLayout';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { StatusPanel } from './StatusPanel';

/** /reset-password?token=...: verifying the link, invalid link, form, success. */
export function ResetPasswordFlow() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const check = useQuery({ ...resetTokenQuery(token), enabled: token !== '' });

  if (token !== '' && check.isPending) {
    return <StatusPanel kind="pending" title={t('auth.resetPassword.verifying')} />;
  }
  if (token === '' || check.isError || !check.data?.valid) {
    const text =
      token === ''
        ? t('auth.resetPassword.missingToken')
        : resetTokenErrorMessage(check.data?.error, t);
    return (
      <StatusPanel
        kind="error"
        title={t('auth.resetPassword.invalidTitle')}
        text={text}
        actions={
          <Link to="/forgot-password" className={buttonClasses()}>
            {t('auth.resetPassword.requestNewLink')}
          </Link>
        }
      />
    );
  }
  return <ResetPasswordForm token={token} />;
}

interface ResetPasswordFormProps {
  token: string;
}

function ResetPasswordForm({ token }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => resetPasswordFormSchema(t), [t]);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', password_confirm: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';
  const mutation = useMutation({
    mutationFn: (newPassword: string) => confirmPasswordReset(token, newPassword),
  });

  if (mutation.isSuccess) {
    return (
      <StatusPanel
        kind="success"
        title={t('auth.resetPassword.successTitle')}
        text={mutation.data.message}
        actions={
          <Link to="/login" className={buttonClasses()}>
            {t('auth.resetPassword.signIn')}
          </Link>
        }
      />
    );
  }

  const errorMessage =
    errors.password?.message ??
    errors.password_confirm?.message ??
    (mutation.isError ? resetConfirmErrorMessage(mutation.error, t) : undefined);
  const handleReset = handleSubmit((values) => mutation.mutate(values.password));

  return (
    <>
      <AuthHeading
        title={t('auth.resetPassword.title')}
        subtitle={t('auth.resetPassword.subtitle')}
      />
      <form onSubmit={handleReset} noValidate className="space-y-4">
        {errorMessage && <Alert>{errorMessage}</Alert>}
        <PasswordField
          label={t('auth.fields.newPassword')}
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          placeholder={t('auth.placeholders.newPassword')}
          invalid={Boolean(errors.password)}
          description={<PasswordStrengthMeter password={password} />}
          {...register('password')}
        />
        <TextField
          label={t('auth.fields.confirmNewPassword')}
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          placeholder={t('auth.placeholders.confirmPassword')}
          invalid={Boolean(errors.password_confirm)}
          {...register('password_confirm')}
        />
        <Button type="submit" size="lg" fullWidth busy={mutation.isPending}>
          {mutation.isPending ? t('auth.resetPassword.submitting') : t('auth.resetPassword.submit')}
        </Button>
      </form>
    </>
  );
}
