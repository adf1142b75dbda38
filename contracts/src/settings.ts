import { z } from 'zod';
import { booleanField } from './fields.ts';
import { LANGUAGES } from './languages.ts';

export { LANGUAGES };

export const SESSION_TIMEOUT_OPTIONS = [15, 30, 60, 120, 0] as const;
export const TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
] as const;
const VISIBILITY = ['public', 'private', 'followers'] as const;

/** The spec's settings, kept on the server so they follow the user across devices. */
export const userSettingsSchema = z.object({
  emailNotifications: booleanField('emailNotifications'),
  pushNotifications: booleanField('pushNotifications'),
  newFollowers: booleanField('newFollowers'),
  newComments: booleanField('newComments'),
  newLikes: booleanField('newLikes'),
  creatorUpdates: booleanField('creatorUpdates'),
  marketingEmails: booleanField('marketingEmails'),
  profileVisibility: z.enum(VISIBILITY),
  showEmail: booleanField('showEmail'),
  allowComments: booleanField('allowComments'),
  allowMessages: booleanField('allowMessages'),
  showOnlineStatus: booleanField('showOnlineStatus'),
  autoSave: booleanField('autoSave'),
  contentVisibility: z.enum(VISIBILITY),
  allowReposts: booleanField('allowReposts'),
  /** Fully public posts go out to remote followers (ActivityPub) and the Atom feed (issue 36). */
  publishToFediverse: booleanField('publishToFediverse'),
  allowDownloads: booleanField('allowDownloads'),
  twoFactorAuth: booleanField('twoFactorAuth'),
  sessionTimeout: z.union(
    SESSION_TIMEOUT_OPTIONS.map((n) => z.literal(n)),
    {
      error: 'Choose 15, 30, 60 or 120 minutes, or 0 for never.',
    },
  ),
  language: z.enum(LANGUAGES),
  timezone: z.enum(TIMEZONES),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const DEFAULT_SETTINGS: UserSettings = {
  emailNotifications: true,
  pushNotifications: true,
  newFollowers: true,
  newComments: true,
  newLikes: true,
  creatorUpdates: true,
  marketingEmails: false,
  profileVisibility: 'public',
  showEmail: false,
  allowComments: true,
  allowMessages: true,
  showOnlineStatus: true,
  autoSave: true,
  contentVisibility: 'public',
  allowReposts: true,
  publishToFediverse: true,
  allowDownloads: false,
  twoFactorAuth: false,
  sessionTimeout: 30,
  language: 'en',
  timezone: 'UTC',
};

/** `PUT /api/auth/settings/`: any subset; unknown keys are refused. */
export const settingsUpdateSchema = userSettingsSchema.partial().strict();

export const deleteAccountRequest = z.object({
  password: z
    .string({ error: 'Enter your password to confirm.' })
    .min(1, 'Enter your password to confirm.'),
});
