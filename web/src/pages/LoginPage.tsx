import { useTranslation } from '../lib/use-translation';
import { AuthLayout } from '../features/auth';
import { LoginForm } from '../features/auth';

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout documentTitle={t('auth.login.documentTitle')} withSidePanel>
      <LoginForm />
    </AuthLayout>
  );
}
