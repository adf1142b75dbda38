import { useTranslation } from '../lib/use-translation';
import { AuthLayout } from '../features/auth';
import { VerifyEmailStatus } from '../features/auth';

export function VerifyEmailPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout documentTitle={t('auth.verifyEmail.documentTitle')}>
      <VerifyEmailStatus />
    </AuthLayout>
  );
}
