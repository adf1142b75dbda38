import { useMutation } from '@tanstack/react-query';
import type { TFunction } from '../../../lib/translator';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useLocation } from 'react-router';
import type { TokenRequest } from '@zura/contracts';
import { isRecord } from '../../../lib/api-errors';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { loginErrorMessage } from '../errors';
import type { LoginFormValues } from '../schemas';
import { AuthFooterLink, AuthHeading } from './AuthLayout';

/*
 * The form's zod rules, the sign-in call (which checks the answer with zod) and the second
 * step load on first use, and the form keeps its two fields itself (no form library): zod and
 * react-hook-form stay off the login page's first load (issue 20, bundle budget). Focusing
 * the form starts loading them.
 */
const loadRules = () => Promise.all([import('../schemas'), import('../api')]);

const SecondFactorForm = lazy(async () => ({
  default: (await import('./SecondFactorForm')).SecondFactorForm,
}));

type LoginErrors = Partial<Record<keyof LoginFormValues, string>>;
const FIELDS = ['email', 'password'] as const;

/** The spec's login rules (`loginFormSchema`): each field's first message. */
async function validateLogin(values: LoginFormValues, t: TFunction): Promise<LoginErrors> {
  const [{ loginFormSchema }] = await loadRules();
  const result = loginFormSchema(t).safeParse(values);
  const errors: LoginErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

async function login(credentials: TokenRequest) {
  return (await import('../api')).login(credentials);
}

/**
 * On success the session is stored; the public-only route around this screen then sends the
 * user back where the guard found them (or to /).
 */
export function LoginForm() {
  const { t } = useTranslation();
  const location = useLocation();
  const registered = isRecord(location.state) && location.state.registered === true;
  const accountDeleted = isRecord(location.state) && location.state.accountDeleted === true;
  const [values, setValues] = useState<LoginFormValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  // After the first submit the rules run again on every change, as they did on submit.
  const [submitted, setSubmitted] = useState(false);
  const validation = useRef(0);
  const mutation = useMutation({ mutationFn: login });

  const validationMessage = errors.email ?? errors.password;
  const errorMessage =
    validationMessage ?? (mutation.isError ? loginErrorMessage(mutation.error, t) : undefined);

  /** Validates; only the latest run's answer counts. */
  const validate = async (next: LoginFormValues) => {
    const run = ++validation.current;
    const found = await validateLogin(next, t);
    if (run === validation.current) setErrors(found);
    return run === validation.current ? found : null;
  };

  const change = (field: keyof LoginFormValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) void validate(next);
  };

  const handleLogin = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    const found = await validate(values);
    if (!found) return;
    const invalid = FIELDS.find((field) => found[field]);
    if (invalid) {
      const input = form.elements.namedItem(invalid);
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    mutation.mutate({ email: values.email.trim(), password: values.password });
  };

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
        onSubmit={(event) => void handleLogin(event)}
        onFocus={() => void loadRules()}
        noValidate
        className="space-y-4"
      >
        {errorMessage ? (
          <Alert>{errorMessage}</Alert>
        ) : (
          <>
            {registered && <Alert tone="success">{t('auth.login.registered')}</Alert>}
            {accountDeleted && <Alert tone="success">{t('auth.login.accountDeleted')}</Alert>}
          </>
        )}
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          placeholder={t('auth.placeholders.email')}
          invalid={Boolean(errors.email)}
          name="email"
          value={values.email}
          onChange={(event) => change('email', event.target.value)}
        />
        <TextField
          label={t('auth.fields.password')}
          type="password"
          autoComplete="current-password"
          placeholder={t('auth.placeholders.password')}
          invalid={Boolean(errors.password)}
          name="password"
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
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
