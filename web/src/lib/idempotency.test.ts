import { describe, expect, it } from 'vitest';
import {
  createIdempotencyKeys,
  IDEMPOTENCY_KEY_PATTERN,
  idempotencyHeaders,
  newIdempotencyKey,
} from './idempotency';

function counter() {
  let n = 0;
  return () => `key-0000${(n += 1)}`;
}

describe('idempotency keys', () => {
  it('makes keys the server accepts', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(newIdempotencyKey()).not.toBe(key);
    expect(idempotencyHeaders(key)).toEqual({ 'Idempotency-Key': key });
  });

  it('reuses the key while the same action is retried', () => {
    const keys = createIdempotencyKeys(counter());
    const first = keys.keyFor('tip:7:500');
    expect(keys.keyFor('tip:7:500')).toBe(first);
    expect(keys.keyFor('tip:7:500')).toBe(first);
  });

  it('gives a different action a new key', () => {
    const keys = createIdempotencyKeys(counter());
    const five = keys.keyFor('tip:7:500');
    const ten = keys.keyFor('tip:7:1000');
    expect(ten).not.toBe(five);
    // Going back to the first amount is a new attempt too: its body differs from the last key's.
    expect(keys.keyFor('tip:7:500')).not.toBe(five);
  });

  it('starts a new payment after a success, even for the same action', () => {
    const keys = createIdempotencyKeys(counter());
    const first = keys.keyFor('topup:1000');
    keys.release();
    const second = keys.keyFor('topup:1000');
    expect(second).not.toBe(first);
    expect(keys.keyFor('topup:1000')).toBe(second);
  });
});
