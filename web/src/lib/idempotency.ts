/**
 * Idempotency keys of paying requests. The server runs a payment at most once per
 * (user, Idempotency-Key), so one user action keeps one key: a double click, a retry after a
 * network error or a timeout, or the same payment tried again after a refusal all send the
 * key of the first attempt and can never pay twice. A different action (another amount,
 * another creator) gets a new key, and so does the next action after a success.
 */

/** The server's rule: 8 to 200 letters, digits or . _ : - */
export const IDEMPOTENCY_KEY_PATTERN = /^[\w.:-]{8,200}$/;

const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A fresh key: a random UUID (36 characters of hex digits and hyphens). */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

export interface IdempotencyKeys {
  /**
   * The key for the action described by `fingerprint` (e.g. "tip:7:500"): the same key as
   * the previous call while the fingerprint is unchanged and the action has not succeeded.
   */
  keyFor(fingerprint: string): string;
  /**
   * The action is over (it succeeded, or the server refused the key itself): the next
   * action, even an identical one, is a new payment with a new key.
   */
  release(): void;
}

export function createIdempotencyKeys(generate: () => string = newIdempotencyKey): IdempotencyKeys {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(fingerprint) {
      if (current?.fingerprint !== fingerprint) current = { fingerprint, key: generate() };
      return current.key;
    },
    release() {
      current = null;
    },
  };
}

/** The request header carrying a key. */
export function idempotencyHeaders(key: string): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: key };
}
