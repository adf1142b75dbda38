import { queryOptions } from '@tanstack/react-query';
import { userSettingsSchema, type UserSettings } from '@zura/contracts';
import { z } from 'zod';
import { api } from '../../lib/api';

export const settingsKeys = {
  all: ['settings'] as const,
  own: () => [...settingsKeys.all, 'own'] as const,
};

/** GET /auth/settings/: every setting, the defaults filled in by the server. */
export function settingsQuery() {
  return queryOptions({
    queryKey: settingsKeys.own(),
    queryFn: ({ signal }) => api.get('/auth/settings/', { schema: userSettingsSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

/** PUT /auth/settings/ with any subset; answers all settings. */
export function updateSettings(changes: Partial<UserSettings>) {
  return api.put('/auth/settings/', changes, { schema: userSettingsSchema });
}

const deleteAnswer = z.looseObject({ message: z.string().optional() });

/** POST /auth/account/delete/: deletes the account once the password is confirmed. */
export function deleteAccount(password: string) {
  return api.post('/auth/account/delete/', { password }, { schema: deleteAnswer });
}
