import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@zura/contracts';
import MonitorSmartphone from 'lucide-react/icons/monitor-smartphone';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { formatDateTime } from '../../../lib/format';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Skeleton } from '../../../ui/Skeleton';
import { devicesQuery, endDevice, endOtherDevices, settingsKeys } from '../api';
import { serverMessages } from '../sections';

/**
 * Settings → Account: every device signed in to the account. Signing one out (or all but this
 * one) ends that session on the server at once: its tokens, live updates and calls stop.
 */
export function DevicesPanel() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(devicesQuery());
  const [confirmOthers, setConfirmOthers] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.devices() });
  const endOne = useMutation({ mutationFn: endDevice, onSettled: refresh });
  const endOthers = useMutation({ mutationFn: endOtherDevices, onSettled: refresh });
  const failure = endOne.error ?? endOthers.error;
  const devices = query.data?.results ?? [];
  const others = devices.filter((device) => !device.current);

  return (
    <section
      aria-labelledby="devices-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="devices-title" className="font-semibold text-slate-900">
        {t('settings.devices.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('settings.devices.text')}</p>
      {failure && (
        <Alert className="mt-4">{serverMessages(failure)[0] ?? t('settings.devices.failed')}</Alert>
      )}
      {query.isPending && <Skeleton className="mt-4 h-16 w-full rounded-xl" />}
      {query.isError && <Alert className="mt-4">{t('settings.devices.loadFailed')}</Alert>}
      <ul className="mt-4 divide-y divide-slate-100">
        {devices.map((device) => (
          <DeviceRow
            key={device.id}
            device={device}
            locale={i18n.language}
            busy={endOne.isPending && endOne.variables === device.id}
            onEnd={() => endOne.mutate(device.id)}
          />
        ))}
      </ul>
      {others.length > 0 && (
        <Button
          variant="outline"
          className="mt-4"
          busy={endOthers.isPending}
          onClick={() => setConfirmOthers(true)}
        >
          {t('settings.devices.endOthers')}
        </Button>
      )}
      <ConfirmDialog
        open={confirmOthers}
        onOpenChange={setConfirmOthers}
        title={t('settings.devices.endOthers')}
        message={t('settings.devices.endOthersConfirm', { count: others.length })}
        confirmLabel={t('settings.devices.endOthers')}
        cancelLabel={t('settings.devices.cancel')}
        onConfirm={() => {
          setConfirmOthers(false);
          endOthers.mutate();
        }}
      />
    </section>
  );
}

interface DeviceRowProps {
  device: SessionInfo;
  locale: string;
  busy: boolean;
  onEnd: () => void;
}

/** The device in the reader's words: "Chrome 156 auf Linux", "Unbekanntes Gerät". */
function useDeviceName(device: SessionInfo): string {
  const { t } = useTranslation();
  const { browser, system } = device;
  if (browser && system) return t('settings.devices.browserOnSystem', { browser, system });
  return browser ?? system ?? t('settings.devices.unknownDevice');
}

function DeviceRow({ device, locale, busy, onEnd }: DeviceRowProps) {
  const { t } = useTranslation();
  const name = useDeviceName(device);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <MonitorSmartphone className="size-5 shrink-0 text-slate-500" aria-hidden />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium text-slate-900">
          {name}
          {device.current && (
            <span className="ms-2 rounded-full bg-violet-100 px-2 py-0.5 text-xs text-violet-800">
              {t('settings.devices.current')}
            </span>
          )}
        </p>
        <p className="text-slate-600">
          {t('settings.devices.details', {
            ip: device.ip ?? t('settings.devices.unknownAddress'),
            lastUsed: formatDateTime(device.last_used_at, locale),
            signedIn: formatDateTime(device.created_at, locale),
          })}
        </p>
      </div>
      {!device.current && (
        <Button
          variant="outline"
          size="sm"
          busy={busy}
          onClick={onEnd}
          aria-label={t('settings.devices.endOneLabel', { device: name })}
        >
          {t('settings.devices.endOne')}
        </Button>
      )}
    </li>
  );
}
