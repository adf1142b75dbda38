import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isRecord } from '../../../lib/api-errors';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import type { TokenRequest } from '@zura/contracts';
import { loginErrorMessage } from '../errors';
import type { LoginFormValues } from '../schemas';
import { AuthFooterLink, AuthHeading } from './AuthLayout';

/*
 * The form's zod rules, the sign-in call (which checks the answer with zod) and the second
 * step load on first use, so zod stays off the login page's first load (issue 20, bundle
 * budget). Focusing the form starts loading them.
 */
const loadRules = () =>
  Promise.all([import('@hookform/resolvers/zod'), import('../schemas'), import('../api')]);

const SecondFactorForm = lazy(async () => ({
  default: (await import('./SecondFactorForm')).SecondFactorForm,
}));

/** The spec's login rules (`loginFormSchema`), loaded when the form is first validated. */
function lazyLoginResolver(t: TFunction): Resolver<LoginFormValues> {
  return async (values, context, options) => {
    const [{ zodResolver }, { loginFormSchema }] = await loadRules();
    return zodResolver(loginFormSchema(t))(values, context, options);
  };
}

async function login(credentials: TokenRequest) {
  return (await import('../api')).login(credentials);
}

/** Location state the sign-up screen passes when its automatic login failed. */
export interface LoginLocationState {
  registered?: boolean;
}

/**
 * On success the session is stored; the public-only route around this screen then sends the
 * user back where the guard found them (or to /).
 */
export function LoginForm() {
  const { t } = useTranslation();
  const location = useLocation();
  const registered = isRecord(location.state) && location.state.registered === true;
  const resolver = useMemo(() => lazyLoginResolver(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginFormValues>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const mutation = useMutation({ mutationFn: login });

  const validationMessage = errors.email?.message ?? errors.password?.message;
  const errorMessage =
    validationMessage ?? (mutation.isError ? loginErrorMessage(mutation.error, t) : undefined);

  const handleLogin = handleSubmit((values) =>
    mutation.mutate({ email: values.email.trim(), password: values.password }),
  );

  const challenge = mutation.data?.challenge;
  if (challenge) {
    return (
      <Suspense>
        <SecondFactorForm challenge={challenge} onRestart={mutation.reset} />
      </Suspense>
    );
  }

  return (
    <>
      <AuthHeading title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />
      <form
        onSubmit={handleLogin}
        onFocus={() => void loadRules()}
        noValidate
        className="space-y-4"
      >
        {errorMessage ? (
          <Alert>{errorMessage}</Alert>
        ) : (
          registered && <Alert tone="success">{t('auth.login.registered')}</Alert>
        )}
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
          autoComplete="current-password"
          placeholder={t('auth.placeholders.password')}
          invalid={Boolean(errors.password)}
          {...register('password')}
        />
        <div className="flex justify-end">
          <Link
            to="/forgot-password"
            className="text-sm font-medium text-violet-700 hover:underline"
          >
            {t('auth.login.forgotPassword')}
          </Link>
        </div>
        <Button type="submit" size="lg" fullWidth busy={mutation.isPending}>
          {mutation.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
      </form>
      <AuthFooterLink
        text={t('auth.login.noAccount')}
        linkText={t('auth.login.signupLink')}
        to="/signup"
      />
    </>
  );
}
