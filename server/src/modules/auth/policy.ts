/** Time rules of sessions and mailed links, kept pure so they are unit-tested on their own. */

export const REFRESH_REUSE_GRACE_MS = 10_000;
export const VERIFY_EMAIL_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;

/**
 * A rotated refresh token presented again within a few seconds is a second tab refreshing at
 * the same moment, not a thief: it gets a fresh pair in the same family instead of a revocation.
 */
export function isWithinReuseGrace(rotatedAt: Date, now: Date): boolean {
  return now.getTime() - rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
}

export function isExpired(expiresAt: Date, now: Date): boolean {
  return expiresAt.getTime() <= now.getTime();
}

export function expiryFrom(now: Date, lifetimeMs: number): Date {
  return new Date(now.getTime() + lifetimeMs);
}

/** How long a right password waits for its second factor. */
export const TWO_FACTOR_CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
