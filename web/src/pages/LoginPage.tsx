import { useTranslation } from '../lib/use-translation';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { LoginForm } from '../features/auth/components/LoginForm';

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout documentTitle={t('auth.login.documentTitle')} withSidePanel>
      <LoginForm />
    </AuthLayout>
  );
}
