import { useTranslation } from '../lib/use-translation';
import { AuthLayout } from '../features/auth';
import { ResetPasswordFlow } from '../features/auth';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout documentTitle={t('auth.resetPassword.documentTitle')}>
      <ResetPasswordFlow />
    </AuthLayout>
  );
}
