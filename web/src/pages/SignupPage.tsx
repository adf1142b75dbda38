import { useTranslation } from '../lib/use-translation';
import { AuthLayout } from '../features/auth';
import { SignupForm } from '../features/auth';

/** Serves /signup and the landing page's own sign-up sub-path /landing/signup. */
export function SignupPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout documentTitle={t('auth.signup.documentTitle')}>
      <SignupForm />
    </AuthLayout>
  );
}
