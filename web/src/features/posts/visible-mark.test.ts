import { describe, expect, it } from 'vitest';
import { gatesMedia, visibleMarkChoice } from './visible-mark';

describe('the visible mark in the composer (issue 35)', () => {
  it('is offered where marks apply: a locked post, one for sale, a paid creator', () => {
    const fan = { is_creator: false, subscription_price: 'free' };
    const freeCreator = { is_creator: true, subscription_price: 'free' };
    const paidCreator = { is_creator: true, subscription_price: '4.99' };
    const open = { isLocked: false, forSale: false };
    expect(gatesMedia(open, fan)).toBe(false);
    expect(gatesMedia(open, freeCreator)).toBe(false);
    expect(gatesMedia(open, undefined)).toBe(false);
    expect(gatesMedia(open, paidCreator)).toBe(true);
    expect(gatesMedia({ isLocked: true, forSale: false }, fan)).toBe(true);
    expect(gatesMedia({ isLocked: false, forSale: true }, freeCreator)).toBe(true);
  });

  it("follows the author's default unless the switch says otherwise", () => {
    expect(visibleMarkChoice(true, false)).toBe(true);
    expect(visibleMarkChoice(false, true)).toBe(false);
    expect(visibleMarkChoice(true, true)).toBeNull();
    expect(visibleMarkChoice(false, false)).toBeNull();
  });
});
