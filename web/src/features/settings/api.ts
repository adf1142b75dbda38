import { queryOptions } from '@tanstack/react-query';
import type {
  messageResponse,
  sessionList,
  twoFactorEnabled,
  twoFactorSetup,
  twoFactorStatus,
  userSettingsSchema,
  ChangePasswordRequest,
  UserSettings,
} from '@zura/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api';

export const settingsKeys = {
  all: ['settings'] as const,
  own: () => [...settingsKeys.all, 'own'] as const,
  devices: () => [...settingsKeys.all, 'devices'] as const,
  twoFactor: () => [...settingsKeys.all, 'two-factor'] as const,
};

/** GET /auth/settings/: every setting, the defaults filled in by the server. */
export function settingsQuery() {
  return queryOptions({
    queryKey: settingsKeys.own(),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof userSettingsSchema>>('/auth/settings/', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** PUT /auth/settings/ with any subset; answers all settings. */
export function updateSettings(changes: Partial<UserSettings>) {
  return api.put<z.infer<typeof userSettingsSchema>>('/auth/settings/', changes);
}

/** POST /auth/account/delete/ answers a confirmation message, when it gives one. */
interface DeleteAnswer {
  message?: string;
}

/** POST /auth/account/delete/: deletes the account once the password is confirmed. */
export function deleteAccount(password: string) {
  return api.post<DeleteAnswer>('/auth/account/delete/', { password });
}

/** GET /auth/sessions/: the account's signed-in devices, the current one marked. */
export function devicesQuery() {
  return queryOptions({
    queryKey: settingsKeys.devices(),
    queryFn: ({ signal }) => api.get<z.infer<typeof sessionList>>('/auth/sessions/', { signal }),
  });
}

/** DELETE /auth/sessions/{id}/: signs that device out at once. */
export function endDevice(id: number) {
  return api.delete<z.infer<typeof messageResponse>>(`/auth/sessions/${id}/`);
}

/** POST /auth/sessions/end-others/: every device but this one is signed out. */
export function endOtherDevices() {
  return api.post<z.infer<typeof messageResponse>>('/auth/sessions/end-others/', {});
}

/** POST /auth/password/change/: a new password; the other devices are signed out. */
export function changePassword(body: ChangePasswordRequest) {
  return api.post<z.infer<typeof messageResponse>>('/auth/password/change/', body);
}

/** GET /auth/2fa/: whether two-factor sign-in is on, and how many recovery codes are left. */
export function twoFactorQuery() {
  return queryOptions({
    queryKey: settingsKeys.twoFactor(),
    queryFn: ({ signal }) => api.get<z.infer<typeof twoFactorStatus>>('/auth/2fa/', { signal }),
  });
}

/** POST /auth/2fa/setup/: a new key for the authenticator app (not on until enabled). */
export function setUpTwoFactor(password: string) {
  return api.post<z.infer<typeof twoFactorSetup>>('/auth/2fa/setup/', { password });
}

/** POST /auth/2fa/enable/: the app's first code turns it on; answers the recovery codes. */
export function enableTwoFactor(code: string) {
  return api.post<z.infer<typeof twoFactorEnabled>>('/auth/2fa/enable/', { code });
}

/** POST /auth/2fa/disable/: off again, with the password and a code. */
export function disableTwoFactor(body: { password: string; code: string }) {
  return api.post<z.infer<typeof messageResponse>>('/auth/2fa/disable/', body);
}

/** POST /auth/verify-email/resend/: a new verification link, if the address is not verified. */
export function resendVerification() {
  return api.post<z.infer<typeof messageResponse>>('/auth/verify-email/resend/', {});
}
