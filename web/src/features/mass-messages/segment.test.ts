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

  it('sends the ids of the fans picked by name, or nothing before one is picked', () => {
    const list = {
      ...EMPTY_SEGMENT,
      kind: 'list' as const,
      picked: [
        { id: 4, username: 'ann' },
        { id: 9, username: 'bo' },
      ],
    };
    const segment = segmentOf(list);
    expect(segment).toEqual({ kind: 'list', user_ids: [4, 9] });
    // What the form sends is what the server accepts.
    expect(segmentSchema.safeParse(segment).success).toBe(true);
    expect(segmentOf({ ...list, picked: [] })).toBeUndefined();
  });
});
