import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A browser that has signed in to an account carries a signed cookie naming that account and a
 * random id of its own. It vouches for nothing but "this device has known the password before":
 * login lets it past the account's shared backstop and counts its failures on its own, so
 * guessing from elsewhere cannot lock the owner out. The cookie names the last account signed
 * in on the browser, is HttpOnly, and is sent only to the login route.
 */
export const DEVICE_COOKIE = 'zura_device';
const DEVICE_COOKIE_PATH = '/api/auth/token/';
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

export type KnownDevices = ReturnType<typeof createKnownDevices>;

export function createKnownDevices(secret: Uint8Array, options: { secure: boolean }) {
  // A key of its own, derived from the signing secret, so no other signature passes as a device.
  const key = createSecretKey(createHmac('sha256', secret).update('known-device').digest());
  const sign = (userId: number, deviceId: string) =>
    createHmac('sha256', key).update(`${userId}.${deviceId}`).digest('base64url');

  return {
    /** The device id when `cookie` marks a device that has signed in to `userId`. */
    deviceOf(cookie: string | undefined, userId: number): string | undefined {
      const [userText, deviceId, sig] = (cookie ?? '').split('.');
      if (userText !== String(userId) || !deviceId || !DEVICE_ID.test(deviceId) || !sig) {
        return undefined;
      }
      const expected = Buffer.from(sign(userId, deviceId));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given)
        ? deviceId
        : undefined;
    },

    /** A Set-Cookie value marking the device as known to `userId`; a known device keeps its id. */
    setCookie(userId: number, deviceId = randomBytes(16).toString('base64url')): string {
      const value = `${userId}.${deviceId}.${sign(userId, deviceId)}`;
      const attributes = [
        `Path=${DEVICE_COOKIE_PATH}`,
        `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(options.secure ? ['Secure'] : []),
      ];
      return [`${DEVICE_COOKIE}=${value}`, ...attributes].join('; ');
    },
  };
}

/** The value of cookie `name` in a Cookie request header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      return part.slice(separator + 1).trim();
    }
  }
  return undefined;
}
