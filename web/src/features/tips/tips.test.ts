import { describe, expect, it } from 'vitest';
import { tipFingerprint } from './api';

describe('tip fingerprint', () => {
  it('is the same for the same tip and differs for another', () => {
    const base = { creatorId: 7, amountCents: 500 };
    expect(tipFingerprint(base)).toBe(tipFingerprint({ ...base }));
    expect(tipFingerprint(base)).not.toBe(tipFingerprint({ ...base, amountCents: 1000 }));
    expect(tipFingerprint(base)).not.toBe(tipFingerprint({ ...base, postId: 3 }));
    expect(tipFingerprint({ ...base, postId: 3 })).not.toBe(tipFingerprint({ ...base, postId: 4 }));
  });
});
