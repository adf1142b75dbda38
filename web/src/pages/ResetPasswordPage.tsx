import { useTranslation } from '../lib/use-translation';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { ResetPasswordFlow } from '../features/auth/components/ResetPasswordFlow';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout documentTitle={t('auth.resetPassword.documentTitle')}>
      <ResetPasswordFlow />
    </AuthLayout>
  );
}
