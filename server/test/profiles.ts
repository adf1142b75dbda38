import type { TestApp } from './app.ts';
import type { TestUser } from './factories.ts';

/** Helpers for tests of locked profiles: lock one, unlock it as a viewer. */

/** Locks `owner`'s profile with `password`; fails the test unless it is saved. */
export async function lockProfile(t: TestApp, owner: TestUser, password = 'open sesame') {
  const res = await t.request({
    method: 'PUT',
    url: '/api/auth/profile/',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ is_profile_locked: true, profile_password: password }),
    token: owner.access,
  });
  if (res.statusCode !== 200) throw new Error(`lock failed: ${res.statusCode} ${res.body}`);
}

/** Unlocks `owner`'s profile for `viewer`; fails the test unless it is unlocked. */
export async function unlockProfile(
  t: TestApp,
  viewer: TestUser,
  owner: TestUser,
  password = 'open sesame',
) {
  const res = await t.request({
    method: 'POST',
    url: `/api/auth/users/${owner.id}/unlock/`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ password }),
    token: viewer.access,
  });
  if (res.statusCode !== 200) throw new Error(`unlock failed: ${res.statusCode} ${res.body}`);
}
