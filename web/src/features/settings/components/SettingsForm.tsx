import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LANGUAGES, SESSION_TIMEOUT_OPTIONS, TIMEZONES, type UserSettings } from '@zura/contracts';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { SelectField, type SelectOption } from '../../../ui/SelectField';
import { Switch } from '../../../ui/Switch';
import { Tabs } from '../../../ui/Tabs';
import { settingsKeys, updateSettings } from '../api';
import {
  SECTION_FIELDS,
  SETTINGS_SECTIONS,
  saveErrorDetails,
  sectionChanges,
  type SettingsSection,
} from '../sections';
import { BlockedUsersPanel } from './BlockedUsersPanel';
import { EmailSharesPanel } from '../../audience';
import { RemoteAudiencePanel } from '../../federation';
import { ChangePasswordPanel } from './ChangePasswordPanel';
import { DeleteAccountPanel } from './DeleteAccountPanel';
import { DevicesPanel } from './DevicesPanel';
import { PushDevicePanel } from '../../push';
import { TwoFactorSwitch } from './TwoFactorSwitch';

type BooleanSetting = {
  [K in keyof UserSettings]: UserSettings[K] extends boolean ? K : never;
}[keyof UserSettings];

const VISIBILITIES = ['public', 'private', 'followers'] as const;

interface Outcome {
  section: SettingsSection;
  saved: boolean;
  details: string[];
}

export interface SettingsFormProps {
  initial: UserSettings;
}

/**
 * The four tabs over one form, so switching tabs keeps unsaved changes; each tab's Save sends
 * only that tab's settings (PUT /auth/settings/) and says so with the spec's texts.
 */
export function SettingsForm({ initial }: SettingsFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<SettingsSection>('notifications');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { control, register, getValues, handleSubmit } = useForm<UserSettings>({
    defaultValues: initial,
  });

  const mutation = useMutation({
    mutationFn: ({ section }: { section: SettingsSection }) =>
      updateSettings(sectionChanges(section, getValues())),
    onMutate: () => setOutcome(null),
    onSuccess: (settings, { section }) => {
      queryClient.setQueryData(settingsKeys.own(), settings);
      setOutcome({ section, saved: true, details: [] });
    },
    onError: (error, { section }) =>
      setOutcome({ section, saved: false, details: saveErrorDetails(error) }),
  });

  const changeTab = (next: SettingsSection) => {
    setTab(next);
    setOutcome(null);
  };

  const options = {
    visibility: VISIBILITIES.map((value) => ({ value, label: t(`settings.visibility.${value}`) })),
    timeout: SESSION_TIMEOUT_OPTIONS.map((minutes) => ({
      value: String(minutes),
      label:
        minutes === 0
          ? t('settings.timeout.never')
          : t('settings.timeout.minutes', { count: minutes }),
    })),
    language: LANGUAGES.map((value) => ({ value, label: t(`languages.names.${value}`) })),
    timezone: TIMEZONES.map((value) => ({ value, label: t(`settings.timezones.${value}`) })),
  } satisfies Record<string, SelectOption[]>;

  const select = (
    name: 'profileVisibility' | 'contentVisibility' | 'language' | 'timezone',
    list: SelectOption[],
  ) => (
    <SelectField
      label={t(`settings.fields.${name}.label`)}
      description={t(`settings.fields.${name}.description`)}
      options={list}
      {...register(name)}
    />
  );

  const fields: Record<SettingsSection, ReactNode> = {
    notifications: SECTION_FIELDS.notifications.map((name) => (
      <SettingSwitch key={name} name={name} control={control} />
    )),
    privacy: (
      <>
        {select('profileVisibility', options.visibility)}
        {(['showEmail', 'allowMessages', 'showOnlineStatus'] as const).map((name) => (
          <SettingSwitch key={name} name={name} control={control} />
        ))}
      </>
    ),
    content: (
      <>
        {select('contentVisibility', options.visibility)}
        {(
          [
            'allowComments',
            'allowReposts',
            'allowDownloads',
            'autoSave',
            'publishToFediverse',
          ] as const
        ).map((name) => (
          <SettingSwitch key={name} name={name} control={control} />
        ))}
      </>
    ),
    account: (
      <>
        <TwoFactorSwitch />
        <SelectField
          label={t('settings.fields.sessionTimeout.label')}
          description={t('settings.fields.sessionTimeout.description')}
          options={options.timeout}
          {...register('sessionTimeout', {
            setValueAs: (value: string | number) => Number(value),
          })}
        />
        {select('language', options.language)}
        {select('timezone', options.timezone)}
      </>
    ),
  };

  const busy = mutation.isPending;
  const shown = outcome?.section === tab ? outcome : null;

  return (
    <div className="space-y-6">
      <Tabs
        label={t('settings.tabsLabel')}
        items={SETTINGS_SECTIONS.map((value) => ({ value, label: t(`settings.tabs.${value}`) }))}
        value={tab}
        onValueChange={changeTab}
      >
        <form
          noValidate
          onSubmit={handleSubmit(() => mutation.mutate({ section: tab }))}
          className="space-y-5 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6"
        >
          {/* Keyed by tab: React must not reuse one tab's select for another tab's setting. */}
          <div key={tab} className="space-y-5">
            {fields[tab]}
          </div>
          {shown &&
            (shown.saved ? (
              <Alert tone="success">
                {t('settings.saved', { section: t(`settings.tabs.${shown.section}`) })}
              </Alert>
            ) : (
              <Alert>
                <p>{t('settings.saveFailed')}</p>
                {shown.details.map((line) => (
                  <p key={line} className="mt-1">
                    {line}
                  </p>
                ))}
              </Alert>
            ))}
          <div className="flex justify-end">
            <Button type="submit" busy={busy}>
              {busy ? t('settings.saving') : t('settings.save')}
            </Button>
          </div>
        </form>
      </Tabs>
      {tab === 'notifications' && <PushDevicePanel />}
      {tab === 'privacy' && (
        <>
          <RemoteAudiencePanel />
          <EmailSharesPanel />
        </>
      )}
      {tab === 'account' && (
        <>
          <DevicesPanel />
          <BlockedUsersPanel />
          <ChangePasswordPanel />
          <DeleteAccountPanel />
        </>
      )}
    </div>
  );
}

interface SettingSwitchProps {
  name: BooleanSetting;
  control: Control<UserSettings>;
}

function SettingSwitch({ name, control }: SettingSwitchProps) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          label={t(`settings.fields.${name}.label`)}
          description={t(`settings.fields.${name}.description`)}
          checked={field.value}
          onCheckedChange={field.onChange}
        />
      )}
    />
  );
}
