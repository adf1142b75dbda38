import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from 'react-router';
import { Alert } from '../../../ui/Alert';
import { AlertDialog } from '../../../ui/AlertDialog';
import { Button } from '../../../ui/Button';
import { PageHeader } from '../../../ui/PageHeader';
import { FullPageSpinner } from '../../../ui/Spinner';
import { applicationStateQuery } from '../api';
import { applicationGate, initialApplicationValues } from '../application-form';
import { CreatorApplicationForm } from './CreatorApplicationForm';
import { ownProfileQuery } from '../../../lib/own-profile';

/**
 * Spec §2 "Creator application" and §4: a full-page spinner while the user's standing and
 * profile load (both fetched afresh, so a just-approved creator's menu updates too); pending
 * or approved users are told so and sent home; anyone else gets the form, a rejected
 * applicant with the reason above it.
 */
export function CreatorApplicationScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [openedAt] = useState(() => Date.now());
  // Not refetched on focus: the answer decides the whole screen and must not flip under a
  // success message (the submission itself makes the application pending).
  const state = useQuery({
    ...applicationStateQuery(),
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  const profile = useQuery({ ...ownProfileQuery(), refetchOnMount: 'always' });

  const header = (
    <PageHeader
      title={t('pages.creatorApplication.title')}
      subtitle={t('pages.creatorApplication.subtitle')}
    />
  );

  const stateFresh = state.data !== undefined && state.dataUpdatedAt >= openedAt;
  const profileSettled =
    (profile.data !== undefined && profile.dataUpdatedAt >= openedAt) || profile.isError;

  if (state.isError && !stateFresh) {
    return (
      <div className="mx-auto max-w-3xl">
        {header}
        <div className="space-y-3">
          <Alert>{t('creatorApplication.loadFailed')}</Alert>
          <Button variant="outline" size="sm" onClick={() => void state.refetch()}>
            {t('creatorApplication.retry')}
          </Button>
        </div>
      </div>
    );
  }
  if (!stateFresh || !profileSettled) {
    return <FullPageSpinner label={t('creatorApplication.loading')} />;
  }

  const gate = applicationGate(state.data);
  if (gate.kind === 'redirect') {
    return (
      <div className="mx-auto max-w-3xl">
        {header}
        <AlertDialog
          message={[t(`creatorApplication.messages.${gate.message}`)]}
          onClose={() => void navigate('/', { replace: true })}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      {header}
      {gate.rejectionReason !== null && (
        <Alert className="mb-6">
          <p className="font-semibold">{t('creatorApplication.rejected.title')}</p>
          <p className="mt-1">
            {t('creatorApplication.rejected.reason', { reason: gate.rejectionReason })}
          </p>
          <p className="mt-1">{t('creatorApplication.rejected.text')}</p>
        </Alert>
      )}
      <CreatorApplicationForm
        initialValues={initialApplicationValues(profile.data, state.data.application)}
      />
    </div>
  );
}
