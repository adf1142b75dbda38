import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const ISSUER = 'Zura';

function totpOf(base32Secret: string, account = '') {
  return new TOTP({
    issuer: ISSUER,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32Secret),
  });
}

/** A fresh 160-bit secret, base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address a QR code carries to the app. */
export function otpauthUrl(base32Secret: string, account: string): string {
  return totpOf(base32Secret, account).toString();
}

/**
 * The time step a six-digit code belongs to, one step either side of now allowed for clock
 * drift; undefined when it matches none.
 */
export function matchingStep(base32Secret: string, code: string, now = Date.now()) {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(base32Secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/**
 * Secrets are kept encrypted (AES-256-GCM) with a key derived from the instance's signing key,
 * so a copy of the database alone cannot compute anyone's codes.
 */
export function createSecretBox(signingKey: Uint8Array) {
  const key = createHmac('sha256', signingKey).update('two-factor-secrets').digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    open(sealed: string): string {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}

/** Ten recovery codes like `k7q2-m9xp-4tfa`: letters and digits that cannot be misread. */
export function newRecoveryCodes(count = 10): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: count }, () => {
    const chars = [...randomBytes(12)].map((byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** Recovery codes compare without case, spaces or dashes, as people type them. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}
