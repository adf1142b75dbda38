import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@zura/contracts';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { keepVisitorLanguage } from '../../settings';
import { login, signup } from '../api';
import { signupErrorMessage } from '../errors';
import { signupFormSchema, type SignupFormValues } from '../schemas';
import { AuthFooterLink, AuthHeading } from './AuthLayout';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import type { LoginLocationState } from '../../../lib/login-state';

type SignupOutcome = 'signed-in' | 'login-failed';

async function signupAndLogin(values: SignupFormValues): Promise<SignupOutcome> {
  const email = values.email.trim();
  await signup({ ...values, username: values.username.trim(), email });
  try {
    await login({ email, password: values.password });
  } catch {
    return 'login-failed';
  }
  await keepVisitorLanguage();
  return 'signed-in';
}

/**
 * After sign-up it logs in automatically: the stored session makes the public-only route
 * around this screen go to /. If that login fails it goes to /login with the spec's message.
 */
export function SignupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const schema = useMemo(() => signupFormSchema(t), [t]);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<SignupFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', email: '', password: '', password_confirm: '' },
  });
  const [password = '', passwordConfirm = ''] = useWatch({
    control,
    name: ['password', 'password_confirm'],
  });
  const mutation = useMutation({
    mutationFn: signupAndLogin,
    onSuccess: (outcome) => {
      if (outcome === 'login-failed') {
        const state: LoginLocationState = { registered: true };
        void navigate('/login', { replace: true, state });
      }
    },
  });

  const passwordsReady = password !== '' && password === passwordConfirm;
  const showMismatch = password !== '' && passwordConfirm !== '' && password !== passwordConfirm;
  const validationMessage =
    errors.username?.message ??
    errors.email?.message ??
    errors.password?.message ??
    errors.password_confirm?.message;
  const errorMessage =
    validationMessage ?? (mutation.isError ? signupErrorMessage(mutation.error, t) : undefined);

  const handleSignup = handleSubmit((values) => mutation.mutate(values));

  return (
    <>
      <AuthHeading title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')} />
      <form onSubmit={handleSignup} noValidate className="space-y-4">
        {errorMessage && <Alert>{errorMessage}</Alert>}
        <TextField
          label={t('auth.fields.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('auth.placeholders.username')}
          invalid={Boolean(errors.username)}
          {...register('username')}
        />
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          placeholder={t('auth.placeholders.email')}
          invalid={Boolean(errors.email)}
          {...register('email')}
        />
        <TextField
          label={t('auth.fields.password')}
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          placeholder={t('auth.placeholders.newPassword')}
          invalid={Boolean(errors.password)}
          description={<PasswordStrengthMeter password={password} />}
          {...register('password')}
        />
        <TextField
          label={t('auth.fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          placeholder={t('auth.placeholders.confirmPassword')}
          invalid={Boolean(errors.password_confirm) || showMismatch}
          description={
            showMismatch ? (
              <span className="text-red-600">{t('validation.passwordsDoNotMatch')}</span>
            ) : undefined
          }
          {...register('password_confirm')}
        />
        <Button
          type="submit"
          size="lg"
          fullWidth
          disabled={!passwordsReady}
          busy={mutation.isPending}
        >
          {mutation.isPending ? t('auth.signup.submitting') : t('auth.signup.submit')}
        </Button>
      </form>
      <AuthFooterLink
        text={t('auth.signup.haveAccount')}
        linkText={t('auth.signup.loginLink')}
        to="/login"
      />
    </>
  );
}
