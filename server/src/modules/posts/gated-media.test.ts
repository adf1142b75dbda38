import { describe, expect, it } from 'vitest';
import type { PostRow } from '../../db/schema/index.ts';
import { arePostMediaGated } from './policy.ts';

/** Only the fields the rule reads: the rest of a post row does not matter to it. */
function access(post: { isLocked?: boolean; priceCents?: number | null }, priceCents = 0) {
  return {
    post: { isLocked: false, priceCents: null, ...post } as PostRow,
    authorIsCreator: priceCents > 0,
    authorPriceCents: priceCents,
  };
}

describe('arePostMediaGated (issue 35: whose images are marked per viewer)', () => {
  it('is false for a public post of a free author', () => {
    expect(arePostMediaGated(access({}))).toBe(false);
    expect(arePostMediaGated({ ...access({}), authorIsCreator: true })).toBe(false);
  });

  it('is true behind a password, a sale or a paid subscription', () => {
    expect(arePostMediaGated(access({ isLocked: true }))).toBe(true);
    expect(arePostMediaGated(access({ priceCents: 500 }))).toBe(true);
    expect(arePostMediaGated(access({ priceCents: 0 }))).toBe(true);
    expect(arePostMediaGated(access({}, 999))).toBe(true);
  });

  it('needs the author to be a creator for a price to gate', () => {
    expect(arePostMediaGated({ ...access({}, 999), authorIsCreator: false })).toBe(false);
  });
});
