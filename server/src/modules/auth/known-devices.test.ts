import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKnownDevices, DEVICE_COOKIE, readCookie } from './known-devices.ts';

const devices = createKnownDevices(randomBytes(32), { secure: true });

/** The cookie value a Set-Cookie header carries. */
const valueOf = (setCookie: string) => readCookie(setCookie.split(';')[0], DEVICE_COOKIE);

describe('known devices', () => {
  it('knows a device for the account it signed in to, and keeps its id on the next sign-in', () => {
    const cookie = valueOf(devices.setCookie(7));
    const deviceId = devices.deviceOf(cookie, 7);
    expect(deviceId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(devices.deviceOf(valueOf(devices.setCookie(7, deviceId)), 7)).toBe(deviceId);
  });

  it('does not know it for another account, under another key, or tampered with', () => {
    const cookie = valueOf(devices.setCookie(7)) ?? '';
    expect(devices.deviceOf(cookie, 8)).toBeUndefined();
    const otherKey = createKnownDevices(randomBytes(32), { secure: true });
    expect(otherKey.deviceOf(cookie, 7)).toBeUndefined();
    const [user, deviceId, sig] = cookie.split('.');
    expect(devices.deviceOf(`${user}.${deviceId}.${sig?.slice(1)}x`, 7)).toBeUndefined();
    expect(devices.deviceOf(`8.${deviceId}.${sig}`, 8)).toBeUndefined();
    for (const junk of [undefined, '', '7', '7..', 'a.b.c.d']) {
      expect(devices.deviceOf(junk, 7)).toBeUndefined();
    }
  });

  it('sets an HttpOnly, same-site cookie for the login route only, Secure over HTTPS', () => {
    const header = devices.setCookie(7);
    expect(header).toContain('Path=/api/auth/token/');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Secure');
    const plain = createKnownDevices(randomBytes(32), { secure: false }).setCookie(7);
    expect(plain).not.toContain('Secure');
  });

  it('reads one cookie among others', () => {
    expect(readCookie('a=1; zura_device=7.x.y;b=2', DEVICE_COOKIE)).toBe('7.x.y');
    expect(readCookie('xzura_device=1', DEVICE_COOKIE)).toBeUndefined();
    expect(readCookie(undefined, DEVICE_COOKIE)).toBeUndefined();
  });
});
