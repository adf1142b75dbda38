import { useTranslation } from '../lib/use-translation';
import { AuthLayout } from '../features/auth';
import { ForgotPasswordForm } from '../features/auth';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout documentTitle={t('auth.forgotPassword.documentTitle')}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
