import { useTranslation } from '../lib/use-translation';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { VerifyEmailStatus } from '../features/auth/components/VerifyEmailStatus';

export function VerifyEmailPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout documentTitle={t('auth.verifyEmail.documentTitle')}>
      <VerifyEmailStatus />
    </AuthLayout>
  );
}
