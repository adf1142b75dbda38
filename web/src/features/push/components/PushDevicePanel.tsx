import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { SectionCard } from '../../../ui/SectionCard';
import { Skeleton } from '../../../ui/Skeleton';
import { pushDeviceQuery, pushKeys, sendTestPush } from '../api';
import {
  disablePush,
  enablePush,
  NoPushServiceError,
  PermissionRefusedError,
  pushSupport,
  PushUnavailableError,
} from '../browser-push';

/** The i18n key of why turning notifications on or off failed. */
function failureKey(
  error: unknown,
): 'push.refused' | 'push.unavailable' | 'push.noService' | 'push.failed' {
  if (error instanceof PermissionRefusedError) return 'push.refused';
  if (error instanceof NoPushServiceError) return 'push.noService';
  if (error instanceof PushUnavailableError) return 'push.unavailable';
  return 'push.failed';
}

/**
 * Settings → Notifications: Web Push for this device only (a subscription belongs to this
 * sign-in). States: the browser cannot push, the user blocked notifications, off, on.
 */
export function PushDevicePanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [support, setSupport] = useState(pushSupport);
  const query = useQuery({ ...pushDeviceQuery(), enabled: support === 'available' });
  const settle = () => {
    setSupport(pushSupport());
    return queryClient.invalidateQueries({ queryKey: pushKeys.device() });
  };
  const toggle = useMutation({
    mutationFn: (on: boolean) => (on ? enablePush() : disablePush()),
    onSettled: settle,
  });
  const test = useMutation({ mutationFn: sendTestPush });
  const subscribed = query.data?.subscribed === true;
  // No push service: the browser will refuse again, so no button invites another try.
  const noService = toggle.error instanceof NoPushServiceError;

  return (
    <SectionCard id="push-device-title" title={t('push.title')}>
      <p className="text-sm text-slate-600">{t('push.text')}</p>
      {support === 'unsupported' && (
        <Alert tone="info" className="mt-4">
          {t('push.unsupported')}
        </Alert>
      )}
      {support === 'denied' && <Alert className="mt-4">{t('push.denied')}</Alert>}
      {support === 'available' && query.isPending && <Skeleton className="mt-4 h-10 w-48" />}
      {support === 'available' && query.isError && (
        <Alert className="mt-4">{t('push.loadFailed')}</Alert>
      )}
      {toggle.isError && (
        <Alert tone={noService ? 'info' : undefined} className="mt-4">
          {t(failureKey(toggle.error))}
        </Alert>
      )}
      {test.isError && <Alert className="mt-4">{t('push.failed')}</Alert>}
      {test.isSuccess && (
        <Alert tone="success" className="mt-4">
          {t('push.testSent')}
        </Alert>
      )}
      {support === 'available' && query.isSuccess && (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p className="text-sm font-medium text-slate-900" data-testid="push-state">
            {subscribed ? t('push.on') : t('push.off')}
          </p>
          {!(noService && !subscribed) && (
            <Button
              variant={subscribed ? 'outline' : 'primary'}
              busy={toggle.isPending}
              onClick={() => {
                test.reset();
                toggle.mutate(!subscribed);
              }}
            >
              {subscribed ? t('push.disable') : t('push.enable')}
            </Button>
          )}
          {subscribed && (
            <Button variant="secondary" busy={test.isPending} onClick={() => test.mutate()}>
              {t('push.test')}
            </Button>
          )}
        </div>
      )}
    </SectionCard>
  );
}
