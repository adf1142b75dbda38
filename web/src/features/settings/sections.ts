import type { UserSettings } from '@zura/contracts';
import type { TFunction } from '../../lib/translator';
import { ApiError, errorBodyText, isRecord } from '../../lib/api-errors';

export const SETTINGS_SECTIONS = ['notifications', 'privacy', 'content', 'account'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

type SettingKey = keyof UserSettings;

/**
 * Which setting sits under which tab (the spec leaves it open). Each tab saves exactly its own
 * keys. twoFactorAuth is never sent: the Account tab's switch drives the real two-factor sign-in
 * (`/auth/2fa/`) instead of a stored preference.
 */
export const SECTION_FIELDS = {
  notifications: [
    'emailNotifications',
    'pushNotifications',
    'newFollowers',
    'newComments',
    'newLikes',
    'creatorUpdates',
    'marketingEmails',
  ],
  privacy: ['profileVisibility', 'showEmail', 'allowMessages', 'showOnlineStatus'],
  content: [
    'contentVisibility',
    'allowComments',
    'allowReposts',
    'allowDownloads',
    'autoSave',
    'publishToFediverse',
  ],
  account: ['sessionTimeout', 'language', 'timezone'],
} as const satisfies Record<SettingsSection, readonly SettingKey[]>;

/** The PUT body of one tab: that tab's settings, nothing else. */
export function sectionChanges(
  section: SettingsSection,
  values: UserSettings,
): Partial<UserSettings> {
  const changes: Record<string, unknown> = {};
  for (const key of SECTION_FIELDS[section]) changes[key] = values[key];
  return changes as Partial<UserSettings>;
}

/** The server's field messages of a refused save ('field: message'), if it sent any. */
export function saveErrorDetails(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status >= 500 || !isRecord(error.body)) return [];
  return Object.entries(error.body).flatMap(([field, value]) => {
    const list = (Array.isArray(value) ? value : [value]).filter(
      (item): item is string => typeof item === 'string' && item.trim() !== '',
    );
    return list.length > 0 ? [`${field}: ${list.join(', ')}`] : [];
  });
}

/** The server's own words of a refused request (4xx), field names left out. */
export function serverMessages(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status >= 500) return [];
  const text = errorBodyText(error, 'error') ?? errorBodyText(error, 'detail');
  if (text) return [text];
  return saveErrorDetails(error).map((line) => line.slice(line.indexOf(': ') + 2));
}

/** A failed account deletion: the server's own words for a 4xx, otherwise the generic text. */
export function deleteAccountError(error: unknown, t: TFunction): string {
  return serverMessages(error)[0] ?? t('settings.deleteAccount.failed');
}
