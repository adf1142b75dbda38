import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type SessionInfo } from '@zura/contracts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { newClientAddress, postJson, type TokenPairBody } from '../../../test/auth.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';

/**
 * The signed-in devices of an account: each sign-in is listed with where and when it was used,
 * and ending one (or all but the current one, or changing the password) stops its tokens at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const LAPTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signInFrom(
  user: TestUser,
  userAgent: string,
  remoteAddress = newClientAddress(),
): Promise<TokenPairBody> {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/token/',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    payload: JSON.stringify({ email: user.email, password: user.password }),
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return res.json<TokenPairBody>();
}

/** A user with no sessions yet (the factory signs its users in once). */
async function userWithoutSessions(): Promise<TestUser> {
  const user = await buildUser(t);
  await t.pool.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
  return user;
}

const list = (token: string) => t.request({ method: 'GET', url: '/api/auth/sessions/', token });
const devices = async (token: string) => (await list(token)).json<{ results: SessionInfo[] }>();
const profileStatus = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/auth/profile/', token })).statusCode;

describe('the device list', () => {
  it('lists each sign-in with its browser, address and times, the asking one marked', async () => {
    const user = await userWithoutSessions();
    await signInFrom(user, LAPTOP, '10.9.0.1');
    const phone = await signInFrom(user, PHONE, '10.9.0.2');

    const { results } = await devices(phone.access);
    expect(results).toHaveLength(2);
    expect(results.map((row) => [row.device, row.ip, row.current])).toEqual([
      ['Safari 18 on iOS', '10.9.0.2', true],
      ['Chrome 156 on Linux', '10.9.0.1', false],
    ]);
    for (const row of results) {
      expect(Date.parse(row.created_at)).toBeLessThanOrEqual(Date.parse(row.last_used_at));
    }
    // Someone else's sessions are never listed.
    const other = await buildUser(t);
    const { results: theirs } = await devices(await t.signIn(other.id));
    expect(theirs.map((row) => row.id)).not.toContain(results[0]?.id);
  });

  it('a refresh moves the last use and records where it came from', async () => {
    const user = await buildUser(t);
    const pair = await signInFrom(user, LAPTOP, '10.9.1.1');
    const [before] = (await devices(pair.access)).results;
    await t.pool.query(`UPDATE sessions SET last_used_at = now() - interval '1 day'`);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      headers: { 'content-type': 'application/json', 'user-agent': PHONE },
      payload: JSON.stringify({ refresh: pair.refresh }),
      remoteAddress: '10.9.1.2',
    });
    expect(res.statusCode).toBe(200);
    const [after] = (await devices(res.json<TokenPairBody>().access)).results;
    expect(after?.id).toBe(before?.id);
    expect(after?.ip).toBe('10.9.1.2');
    expect(after?.device).toBe('Safari 18 on iOS');
    // The facts too, which the web says in its reader's language.
    expect(after).toMatchObject({ browser: 'Safari 18', system: 'iOS' });
    expect(Date.now() - Date.parse(after?.last_used_at ?? '')).toBeLessThan(60_000);
  });

  it('ending one device stops its tokens at once and leaves the others', async () => {
    const user = await userWithoutSessions();
    const laptop = await signInFrom(user, LAPTOP);
    const phone = await signInFrom(user, PHONE);
    const laptopSession = (await devices(laptop.access)).results.find((row) => row.current);

    const res = await t.request({
      method: 'DELETE',
      url: `/api/auth/sessions/${laptopSession?.id}/`,
      token: phone.access,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.sessionEnded });
    expect(await profileStatus(laptop.access)).toBe(401);
    expect(await postJson(t, '/api/auth/token/refresh/', laptop).then((r) => r.statusCode)).toBe(
      401,
    );
    expect(await profileStatus(phone.access)).toBe(200);
    expect((await devices(phone.access)).results).toHaveLength(1);

    // Again, or a session of someone else: not found, and nothing ends.
    const again = await t.request({
      method: 'DELETE',
      url: `/api/auth/sessions/${laptopSession?.id}/`,
      token: phone.access,
    });
    expect(again.statusCode).toBe(404);
    const stranger = await buildUser(t);
    const strangerToken = await t.signIn(stranger.id);
    const strangerSession = (await devices(strangerToken)).results[0];
    const theirs = await t.request({
      method: 'DELETE',
      url: `/api/auth/sessions/${strangerSession?.id}/`,
      token: phone.access,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ detail: messages.sessionNotFound });
    expect(await profileStatus(strangerToken)).toBe(200);
  });

  it('signs out everywhere else, keeping the device that asked', async () => {
    const user = await userWithoutSessions();
    const laptop = await signInFrom(user, LAPTOP);
    const phone = await signInFrom(user, PHONE);
    const tablet = await signInFrom(user, PHONE);

    const res = await postJson(t, '/api/auth/sessions/end-others/', {}, { token: phone.access });
    expect(res.statusCode).toBe(200);
    expect(await profileStatus(laptop.access)).toBe(401);
    expect(await profileStatus(tablet.access)).toBe(401);
    expect(await profileStatus(phone.access)).toBe(200);
    expect((await devices(phone.access)).results.map((row) => row.current)).toEqual([true]);
  });

  it('refuses ids that are not ids, and callers without a session before anything else', async () => {
    const user = await buildUser(t);
    const token = await t.signIn(user.id);
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '99999999999999999999']) {
      const res = await t.request({ method: 'DELETE', url: `/api/auth/sessions/${id}/`, token });
      expect(res.statusCode, id).toBe(400);
    }
    for (const [method, url] of [
      ['GET', '/api/auth/sessions/'],
      ['DELETE', '/api/auth/sessions/abc/'],
      ['POST', '/api/auth/sessions/end-others/'],
      ['POST', '/api/auth/password/change/'],
    ] as const) {
      const res = await t.request({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"current_password": 5',
      });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('changing the password', () => {
  const change = (token: string, body: object) =>
    postJson(t, '/api/auth/password/change/', body, { token });

  it('needs the current password and a valid new one', async () => {
    const user = await buildUser(t);
    const token = await t.signIn(user.id);
    const wrong = await change(token, {
      current_password: 'not-the-password',
      new_password: 'a-new-password-long-enough',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ current_password: [messages.currentPasswordWrong] });
    const short = await change(token, { current_password: user.password, new_password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ new_password: [messages.passwordTooShort] });
    const missing = await change(token, { current_password: user.password });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ new_password: [messages.required] });
    // Nothing changed: the old password still signs in.
    expect((await postJson(t, '/api/auth/token/', user)).statusCode).toBe(200);
  });

  it('ends every other session, keeps this one, and the new password signs in', async () => {
    const user = await buildUser(t);
    const laptop = await signInFrom(user, LAPTOP);
    const phone = await signInFrom(user, PHONE);
    const next = 'a-brand-new-password-123';

    const res = await change(phone.access, { current_password: user.password, new_password: next });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.passwordChanged });
    expect(await profileStatus(laptop.access)).toBe(401);
    expect(await profileStatus(phone.access)).toBe(200);
    const old = await postJson(t, '/api/auth/token/', user);
    expect(old.statusCode).toBe(401);
    const fresh = await postJson(t, '/api/auth/token/', { email: user.email, password: next });
    expect(fresh.statusCode).toBe(200);
  });
});
