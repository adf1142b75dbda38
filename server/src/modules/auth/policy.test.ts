import { describe, expect, it } from 'vitest';
import {
  PASSWORD_RESET_LIFETIME_MS,
  REFRESH_REUSE_GRACE_MS,
  VERIFY_EMAIL_LIFETIME_MS,
  expiryFrom,
  isExpired,
  isWithinReuseGrace,
} from './policy.ts';

const rotatedAt = new Date('2025-03-01T12:00:00.000Z');
const after = (ms: number) => new Date(rotatedAt.getTime() + ms);

describe('isWithinReuseGrace', () => {
  it('allows a reuse at the same instant as the rotation', () => {
    expect(isWithinReuseGrace(rotatedAt, after(0))).toBe(true);
  });

  it('allows a reuse exactly at the end of the grace window', () => {
    expect(isWithinReuseGrace(rotatedAt, after(REFRESH_REUSE_GRACE_MS))).toBe(true);
  });

  it('refuses a reuse one millisecond after the grace window', () => {
    expect(isWithinReuseGrace(rotatedAt, after(REFRESH_REUSE_GRACE_MS + 1))).toBe(false);
  });

  it('refuses a reuse long after the rotation', () => {
    expect(isWithinReuseGrace(rotatedAt, after(60 * 60 * 1000))).toBe(false);
  });

  it('allows a rotation stamped slightly ahead of this clock', () => {
    expect(isWithinReuseGrace(rotatedAt, after(-500))).toBe(true);
  });

  it('keeps the window a few seconds, enough for two tabs and short enough for a thief', () => {
    expect(REFRESH_REUSE_GRACE_MS).toBeGreaterThanOrEqual(1_000);
    expect(REFRESH_REUSE_GRACE_MS).toBeLessThanOrEqual(60_000);
  });
});

describe('isExpired', () => {
  const expiresAt = new Date('2025-03-01T13:00:00.000Z');

  it('is not expired one millisecond before the expiry', () => {
    expect(isExpired(expiresAt, new Date(expiresAt.getTime() - 1))).toBe(false);
  });

  it('is expired exactly at the expiry', () => {
    expect(isExpired(expiresAt, new Date(expiresAt.getTime()))).toBe(true);
  });

  it('is expired after the expiry', () => {
    expect(isExpired(expiresAt, new Date(expiresAt.getTime() + 1))).toBe(true);
  });
});

describe('expiryFrom', () => {
  it('adds the lifetime to the given instant', () => {
    const now = new Date('2025-03-01T12:00:00.000Z');
    expect(expiryFrom(now, 1500).toISOString()).toBe('2025-03-01T12:00:01.500Z');
  });

  it('does not change the instant it is given', () => {
    const now = new Date('2025-03-01T12:00:00.000Z');
    expiryFrom(now, 60_000);
    expect(now.toISOString()).toBe('2025-03-01T12:00:00.000Z');
  });

  it('gives a link that is valid until, and expired at, the end of its lifetime', () => {
    const now = new Date('2025-03-01T12:00:00.000Z');
    const expiry = expiryFrom(now, PASSWORD_RESET_LIFETIME_MS);
    expect(isExpired(expiry, new Date(now.getTime() + PASSWORD_RESET_LIFETIME_MS - 1))).toBe(false);
    expect(isExpired(expiry, new Date(now.getTime() + PASSWORD_RESET_LIFETIME_MS))).toBe(true);
  });

  it('uses the lifetimes the mails promise: 1 hour for a reset, 24 hours for a verification', () => {
    expect(PASSWORD_RESET_LIFETIME_MS).toBe(60 * 60 * 1000);
    expect(VERIFY_EMAIL_LIFETIME_MS).toBe(24 * 60 * 60 * 1000);
  });
});
