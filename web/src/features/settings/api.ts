import { queryOptions } from '@tanstack/react-query';
import type { ChangePasswordRequest, UserSettings } from '@zura/contracts';
import { client } from '../../lib/api-client';

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
    queryFn: ({ signal }) => client.GET('/api/auth/settings/', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** PUT /auth/settings/ with any subset; answers all settings. */
export function updateSettings(changes: Partial<UserSettings>) {
  return client.PUT('/api/auth/settings/', { body: changes });
}

/** POST /auth/account/delete/: deletes the account once the password is confirmed. */
export function deleteAccount(password: string) {
  return client.POST('/api/auth/account/delete/', { body: { password } });
}

/** GET /auth/sessions/: the account's signed-in devices, the current one marked. */
export function devicesQuery() {
  return queryOptions({
    queryKey: settingsKeys.devices(),
    queryFn: ({ signal }) => client.GET('/api/auth/sessions/', { signal }),
  });
}

/** DELETE /auth/sessions/{id}/: signs that device out at once. */
export function endDevice(id: number) {
  return client.DELETE('/api/auth/sessions/{id}/', { path: { id } });
}

/** POST /auth/sessions/end-others/: every device but this one is signed out. */
export function endOtherDevices() {
  return client.POST('/api/auth/sessions/end-others/');
}

/** POST /auth/password/change/: a new password; the other devices are signed out. */
export function changePassword(body: ChangePasswordRequest) {
  return client.POST('/api/auth/password/change/', { body });
}

/** GET /auth/2fa/: whether two-factor sign-in is on, and how many recovery codes are left. */
export function twoFactorQuery() {
  return queryOptions({
    queryKey: settingsKeys.twoFactor(),
    queryFn: ({ signal }) => client.GET('/api/auth/2fa/', { signal }),
  });
}

/** POST /auth/2fa/setup/: a new key for the authenticator app (not on until enabled). */
export function setUpTwoFactor(password: string) {
  return client.POST('/api/auth/2fa/setup/', { body: { password } });
}

/** POST /auth/2fa/enable/: the app's first code turns it on; answers the recovery codes. */
export function enableTwoFactor(code: string) {
  return client.POST('/api/auth/2fa/enable/', { body: { code } });
}

/** POST /auth/2fa/disable/: off again, with the password and a code. */
export function disableTwoFactor(body: { password: string; code: string }) {
  return client.POST('/api/auth/2fa/disable/', { body });
}

/** POST /auth/verify-email/resend/: a new verification link, if the address is not verified. */
export function resendVerification() {
  return client.POST('/api/auth/verify-email/resend/');
}
