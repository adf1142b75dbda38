import { segmentSchema } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_SEGMENT, segmentOf } from './segment';

describe('segmentOf', () => {
  it('sends the simple segments as their kind alone', () => {
    expect(segmentOf(EMPTY_SEGMENT)).toEqual({ kind: 'active' });
    expect(segmentOf({ ...EMPTY_SEGMENT, kind: 'followers' })).toEqual({ kind: 'followers' });
  });

  it('sends spenders with the amount as typed and whole days, or nothing while unfinished', () => {
    const spenders = { ...EMPTY_SEGMENT, kind: 'spenders' as const, minAmount: '12.50', days: '7' };
    expect(segmentOf(spenders)).toEqual({ kind: 'spenders', min_amount: '12.50', days: 7 });
    expect(segmentOf({ ...spenders, days: '1.5' })).toBeUndefined();
    expect(segmentOf({ ...spenders, minAmount: ' ' })).toBeUndefined();
  });

  it('reads hand-picked ids separated by commas or spaces, refusing anything else', () => {
    const list = { ...EMPTY_SEGMENT, kind: 'list' as const, ids: '4, 9  12' };
    const segment = segmentOf(list);
    expect(segment).toEqual({ kind: 'list', user_ids: [4, 9, 12] });
    // What the form sends is what the server accepts.
    expect(segmentSchema.safeParse(segment).success).toBe(true);
    expect(segmentOf({ ...list, ids: '4, x' })).toBeUndefined();
    expect(segmentOf({ ...list, ids: '' })).toBeUndefined();
  });
});
