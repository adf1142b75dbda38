import { TOTP, Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  createSecretBox,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUrl,
} from './totp.ts';

const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });

describe('TOTP', () => {
  it('accepts the code of now and of one step either side, naming its step', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchingStep(secret, codeAt(secret, now), now)).toBe(step);
    expect(matchingStep(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(secret, codeAt(secret, now - 90_000), now)).toBeUndefined();
    expect(matchingStep(secret, '12345', now)).toBeUndefined();
    expect(matchingStep(secret, 'abcdef', now)).toBeUndefined();
  });

  it('gives authenticator apps an otpauth address with the issuer and the account', () => {
    const secret = newTotpSecret();
    const url = new URL(otpauthUrl(secret, 'luna'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Zura');
    expect(decodeURIComponent(url.pathname)).toContain('luna');
  });
});

describe('the secret box', () => {
  it('opens what it sealed, and nothing sealed with another key', () => {
    const box = createSecretBox(new Uint8Array(32).fill(1));
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => createSecretBox(new Uint8Array(32).fill(2)).open(sealed)).toThrow();
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes, read the same however they are typed', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(normalizeRecoveryCode(' K7Q2-M9XP 4TFA ')).toBe('k7q2m9xp4tfa');
  });
});
