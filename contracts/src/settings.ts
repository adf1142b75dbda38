import { z } from 'zod';

export const SESSION_TIMEOUT_OPTIONS = [15, 30, 60, 120, 0] as const;
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'it'] as const;
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
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  newFollowers: z.boolean(),
  newComments: z.boolean(),
  newLikes: z.boolean(),
  creatorUpdates: z.boolean(),
  marketingEmails: z.boolean(),
  profileVisibility: z.enum(VISIBILITY),
  showEmail: z.boolean(),
  allowComments: z.boolean(),
  allowMessages: z.boolean(),
  showOnlineStatus: z.boolean(),
  autoSave: z.boolean(),
  contentVisibility: z.enum(VISIBILITY),
  allowReposts: z.boolean(),
  allowDownloads: z.boolean(),
  twoFactorAuth: z.boolean(),
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
