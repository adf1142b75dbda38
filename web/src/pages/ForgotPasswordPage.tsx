import { useTranslation } from '../lib/use-translation';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { ForgotPasswordForm } from '../features/auth/components/ForgotPasswordForm';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout documentTitle={t('auth.forgotPassword.documentTitle')}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
