import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../ui/Button';
import { verifyEmailQuery } from '../api';
import { verifyEmailErrorMessage } from '../errors';
import { StatusPanel } from './StatusPanel';

/** /verify-email?token=...: verifying, then success (Sign In, Go to Home) or error (Go to Home). */
export function VerifyEmailStatus() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const query = useQuery({ ...verifyEmailQuery(token), enabled: token !== '' });

  const goHome = (
    <Link to="/" className={buttonClasses({ variant: 'outline' })}>
      {t('auth.verifyEmail.goHome')}
    </Link>
  );

  if (token === '' || query.isError) {
    return (
      <StatusPanel
        kind="error"
        title={t('auth.verifyEmail.errorTitle')}
        text={
          token === ''
            ? t('auth.verifyEmail.missingToken')
            : verifyEmailErrorMessage(query.error, t)
        }
        actions={goHome}
      />
    );
  }
  if (query.isPending) {
    return (
      <StatusPanel
        kind="pending"
        title={t('auth.verifyEmail.verifyingTitle')}
        text={t('auth.verifyEmail.verifyingText')}
      />
    );
  }
  return (
    <StatusPanel
      kind="success"
      title={t('auth.verifyEmail.successTitle')}
      text={query.data.message}
      actions={
        <>
          <Link to="/login" className={buttonClasses()}>
            {t('auth.verifyEmail.signIn')}
          </Link>
          {goHome}
        </>
      }
    />
  );
}
