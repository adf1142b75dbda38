import { DEFAULT_SETTINGS, messages } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { login } from '../../../test/auth.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const getSettings = (user: Pick<TestUser, 'access'> | undefined) =>
  t.request({
    method: 'GET',
    url: '/api/auth/settings/',
    ...(user ? { token: user.access } : {}),
  });

const putSettings = (user: Pick<TestUser, 'access'> | undefined, body: unknown) =>
  t.request({
    method: 'PUT',
    url: '/api/auth/settings/',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    ...(user ? { token: user.access } : {}),
  });

/** What the database holds for the user's settings (undefined: no row yet). */
async function storedSettings(user: TestUser): Promise<Record<string, unknown> | undefined> {
  const { rows } = await t.pool.query<{ settings: Record<string, unknown> }>(
    'SELECT settings FROM user_settings WHERE user_id = $1',
    [user.id],
  );
  return rows[0]?.settings;
}

describe('GET /api/auth/settings/', () => {
  it('answers 401 without a token or with a bad one', async () => {
    const none = await getSettings(undefined);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ detail: messages.authRequired });
    const bad = await getSettings({ access: 'not-a-token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ detail: messages.authInvalid });
  });

  it('answers every field of the spec with its default for a new user', async () => {
    const user = await buildUser(t);
    const res = await getSettings(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
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
    });
    // Reading writes nothing.
    expect(await storedSettings(user)).toBeUndefined();
  });
});

describe('PUT /api/auth/settings/', () => {
  it('stores a partial change and answers the merged settings', async () => {
    const user = await buildUser(t);
    const res = await putSettings(user, { marketingEmails: true, sessionTimeout: 0 });
    expect(res.statusCode).toBe(200);
    const merged = { ...DEFAULT_SETTINGS, marketingEmails: true, sessionTimeout: 0 };
    expect(res.json()).toEqual(merged);
    expect((await getSettings(user)).json()).toEqual(merged);

    // A second change keeps the first.
    const next = await putSettings(user, {
      language: 'de',
      timezone: 'Asia/Tokyo',
      profileVisibility: 'followers',
      contentVisibility: 'private',
      allowDownloads: true,
    });
    expect(next.statusCode).toBe(200);
    const expected = {
      ...merged,
      language: 'de',
      timezone: 'Asia/Tokyo',
      profileVisibility: 'followers',
      contentVisibility: 'private',
      allowDownloads: true,
    };
    expect(next.json()).toEqual(expected);
    expect((await getSettings(user)).json()).toEqual(expected);
    expect(await storedSettings(user)).toEqual(expected);
  });

  it('follows the user to another sign-in', async () => {
    const user = await buildUser(t);
    expect((await putSettings(user, { twoFactorAuth: true, language: 'fr' })).statusCode).toBe(200);
    const elsewhere = await login(t, user.email, user.password);
    expect((await getSettings({ access: elsewhere.access })).json()).toEqual({
      ...DEFAULT_SETTINGS,
      twoFactorAuth: true,
      language: 'fr',
    });
  });

  it.each([15, 30, 60, 120, 0])('accepts the session timeout %i', async (minutes) => {
    const user = await buildUser(t);
    const res = await putSettings(user, { sessionTimeout: minutes });
    expect(res.statusCode).toBe(200);
    expect(res.json().sessionTimeout).toBe(minutes);
  });

  it.each(['en', 'es', 'fr', 'de', 'it'])('accepts the language %s', async (language) => {
    const user = await buildUser(t);
    expect((await putSettings(user, { language })).json().language).toBe(language);
  });

  it.each([
    'UTC',
    'America/New_York',
    'America/Chicago',
    'America/Denver',
    'America/Los_Angeles',
    'Europe/London',
    'Europe/Paris',
    'Asia/Tokyo',
  ])('accepts the timezone %s', async (timezone) => {
    const user = await buildUser(t);
    expect((await putSettings(user, { timezone })).json().timezone).toBe(timezone);
  });

  it('accepts an empty change and answers the current settings', async () => {
    const user = await buildUser(t);
    await putSettings(user, { newLikes: false });
    const res = await putSettings(user, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_SETTINGS, newLikes: false });
  });

  it.each([
    ['a session timeout of 45', { sessionTimeout: 45 }, 'sessionTimeout'],
    ['a session timeout as text', { sessionTimeout: '30' }, 'sessionTimeout'],
    ['the language xx', { language: 'xx' }, 'language'],
    ['a timezone outside the list', { timezone: 'Europe/Berlin' }, 'timezone'],
    ['a visibility outside the list', { profileVisibility: 'friends' }, 'profileVisibility'],
    ['a switch as text', { marketingEmails: 'yes' }, 'marketingEmails'],
    ['a switch as a number', { allowDownloads: 1 }, 'allowDownloads'],
    ['a switch as null', { emailNotifications: null }, 'emailNotifications'],
  ])('refuses %s with a message on the field and stores nothing', async (_, body, field) => {
    const user = await buildUser(t);
    expect((await putSettings(user, { language: 'es' })).statusCode).toBe(200);
    const res = await putSettings(user, { ...body, newComments: false });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ fields: Record<string, string[]> }>().fields;
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]).toEqual([expect.any(String)]);
    expect((await getSettings(user)).json()).toMatchObject({ ...DEFAULT_SETTINGS, language: 'es' });
  });

  it('names the choices when the session timeout is not one of them', async () => {
    const user = await buildUser(t);
    const res = await putSettings(user, { sessionTimeout: 45 });
    expect(res.json()).toMatchObject({
      sessionTimeout: ['Choose 15, 30, 60 or 120 minutes, or 0 for never.'],
    });
  });

  it('refuses an unknown setting, naming it, and stores nothing', async () => {
    const user = await buildUser(t);
    const res = await putSettings(user, { marketingEmails: true, darkMode: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ darkMode: ['Unknown field.'] });
    expect(await storedSettings(user)).toBeUndefined();
  });

  it.each([
    ['a list', []],
    ['a string', 'dark'],
    ['null', null],
  ])('refuses a body that is %s', async (_, body) => {
    const user = await buildUser(t);
    const res = await putSettings(user, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ non_field_errors: ['Expected a JSON object.'] });
    expect(await storedSettings(user)).toBeUndefined();
  });

  it('answers 401 without a token and changes nobody’s settings', async () => {
    const user = await buildUser(t);
    const res = await putSettings(undefined, { marketingEmails: true });
    expect(res.statusCode).toBe(401);
    expect(await storedSettings(user)).toBeUndefined();
  });

  it('changes only the caller’s settings', async () => {
    const [user, other] = [await buildUser(t), await buildUser(t)];
    await putSettings(other, { language: 'it', showEmail: true });
    expect((await putSettings(user, { language: 'es', showEmail: false })).statusCode).toBe(200);
    expect((await getSettings(other)).json()).toEqual({
      ...DEFAULT_SETTINGS,
      language: 'it',
      showEmail: true,
    });
    expect((await getSettings(user)).json()).toEqual({
      ...DEFAULT_SETTINGS,
      language: 'es',
      showEmail: false,
    });
  });

  it('falls back to the default for a stored value that no longer validates', async () => {
    const user = await buildUser(t);
    await t.pool.query(`INSERT INTO user_settings (user_id, settings) VALUES ($1, $2::jsonb)`, [
      user.id,
      JSON.stringify({ sessionTimeout: 45, language: 'fr', retired: true }),
    ]);
    expect((await getSettings(user)).json()).toEqual({ ...DEFAULT_SETTINGS, language: 'fr' });
  });
});
