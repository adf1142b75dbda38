import { describe, expect, it } from 'vitest';
import { bucketStarts, daysOf, sourceOfKind } from './buckets.ts';

describe('analytics buckets', () => {
  it('lists every UTC day of a range, across a leap day and a year end', () => {
    expect(daysOf('2028-02-27', '2028-03-01')).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(daysOf('2026-12-31', '2027-01-01')).toEqual(['2026-12-31', '2027-01-01']);
    expect(daysOf('2026-05-05', '2026-05-05')).toEqual(['2026-05-05']);
  });

  it('starts month buckets on the 1st of each month the range touches', () => {
    expect(bucketStarts('2026-11-30', '2027-02-01', 'month')).toEqual([
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
    expect(bucketStarts('2026-01-31', '2026-01-31', 'month')).toEqual(['2026-01-01']);
    expect(bucketStarts('2026-01-30', '2026-02-01', 'day')).toHaveLength(3);
  });

  it('maps ledger kinds to sources, and nothing else', () => {
    expect(sourceOfKind('subscription')).toBe('subscriptions');
    expect(sourceOfKind('renewal')).toBe('subscriptions');
    expect(sourceOfKind('tip')).toBe('tips');
    expect(sourceOfKind('message_unlock')).toBe('messages');
    expect(sourceOfKind('post_unlock')).toBe('unlocks');
    expect(sourceOfKind('payout_paid')).toBeUndefined();
  });
});
