import { describe, expect, it } from 'vitest';
import {
  formatBadgeCount,
  formatCount,
  formatDateTime,
  formatUtcDay,
  formatDecimal,
  formatMoney,
  formatNumber,
  formatShortDate,
  postAge,
} from './format';

describe('formatCount', () => {
  it('shows small numbers as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
  });

  it('abbreviates with K from 1,000', () => {
    expect(formatCount(1_000)).toBe('1K');
    expect(formatCount(12_000)).toBe('12K');
    expect(formatCount(25_000)).toBe('25K');
    expect(formatCount(58_500)).toBe('58.5K');
  });

  it('abbreviates with M from 1,000,000', () => {
    expect(formatCount(1_000_000)).toBe('1M');
    expect(formatCount(1_250_000)).toBe('1.3M');
    expect(formatCount(999_999)).toBe('1M');
  });
});

describe('formatBadgeCount', () => {
  it('caps at 99+', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
  });
});

describe('postAge', () => {
  const now = Date.parse('2025-03-10T12:00:00Z');

  it('counts the first minute, and clock skew, as now', () => {
    expect(postAge('2025-03-10T11:59:30Z', now)).toEqual({ unit: 'now' });
    expect(postAge('2025-03-10T12:00:20Z', now)).toEqual({ unit: 'now' });
  });

  it('uses the largest whole unit up to a week', () => {
    expect(postAge('2025-03-10T11:55:00Z', now)).toEqual({ unit: 'minutes', count: 5 });
    expect(postAge('2025-03-10T09:00:00Z', now)).toEqual({ unit: 'hours', count: 3 });
    expect(postAge('2025-03-08T11:00:00Z', now)).toEqual({ unit: 'days', count: 2 });
  });

  it('falls back to the date after a week, and undefined when unreadable', () => {
    expect(postAge('2025-03-01T12:00:00Z', now)).toEqual({
      unit: 'date',
      date: new Date('2025-03-01T12:00:00Z'),
    });
    expect(postAge('not a date', now)).toBeUndefined();
  });
});

describe('formatShortDate', () => {
  it('shows short month, day and year', () => {
    expect(formatShortDate('2025-01-05T12:00:00Z')).toBe('Jan 5, 2025');
    expect(formatShortDate(new Date('2024-12-24T12:00:00Z'))).toBe('Dec 24, 2024');
  });

  it('answers an empty text for an unreadable date', () => {
    expect(formatShortDate('nope')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows the date with the time of day', () => {
    const text = formatDateTime('2025-01-05T12:00:00Z');
    expect(text).toContain('Jan 5, 2025');
    expect(text).toMatch(/\d{1,2}:\d{2}\s?[AP]M$/);
  });

  it('answers an empty text for an unreadable date', () => {
    expect(formatDateTime('nope')).toBe('');
  });

  it('is the language’s medium date and short time, never the seconds', () => {
    // Built from local parts, so the expected texts hold in any time zone.
    const moment = new Date(2026, 11, 1, 23, 36, 8);
    // ICU versions put a space or a narrow no-break space before the day period.
    expect(formatDateTime(moment, 'en')).toMatch(/^Dec 1, 2026, 11:36[\s\u202f]PM$/);
    expect(formatDateTime(moment, 'de')).toBe('01.12.2026, 23:36');
    expect(formatDateTime(moment, 'fr')).toBe('1 déc. 2026, 23:36');
  });
});

describe('formatUtcDay', () => {
  it('names a UTC day or month in the language, whatever the time zone', () => {
    const start = new Date('2026-11-01T00:00:00Z');
    expect(formatUtcDay(start, 'day', 'en')).toBe('Nov 1');
    expect(formatUtcDay(start, 'month', 'en')).toBe('Nov 2026');
    expect(formatUtcDay(start, 'day', 'de')).toBe('1. Nov.');
  });
});

describe('formatMoney', () => {
  it('always shows the cents, whole dollars too', () => {
    expect(formatMoney(300, 'en')).toBe('$3.00');
    expect(formatMoney(300, 'de')).toBe('3,00\u00a0$');
    expect(formatMoney(1_000_000, 'en')).toBe('$10,000.00');
  });
});

describe('in other languages', () => {
  it('formats money, counts and dates with the language’s conventions', () => {
    expect(formatMoney(1250, 'en')).toBe('$12.50');
    expect(formatMoney(-500, 'en')).toBe('-$5.00');
    expect(formatMoney(123456, 'en')).toBe('$1234.56');
    expect(formatMoney(1250, 'de')).toBe('12,50\u00a0$');
    expect(formatMoney(1250, 'fr')).toBe('12,50\u00a0$US');
    expect(formatCount(58_500, 'fr')).toBe('58,5\u00a0k');
    expect(formatNumber(12_345, 'de')).toBe('12.345');
    expect(formatDecimal(1023.5, 'de')).toBe('1023,5');
    expect(formatDecimal(2.356, 'en')).toBe('2.36');
    expect(formatShortDate('2025-01-05T12:00:00Z', 'es')).toBe('5 ene 2025');
  });
});
