import { describe, expect, it } from 'vitest';
import { customRange, presetRange } from './range';

describe('analytics ranges', () => {
  const today = new Date('2026-03-15T23:30:00Z');

  it('ends the presets today (UTC) and draws 12 months by month from a 1st', () => {
    expect(presetRange('7d', today)).toEqual({
      from: '2026-03-09',
      to: '2026-03-15',
      granularity: 'day',
    });
    expect(presetRange('30d', today).from).toBe('2026-02-14');
    expect(presetRange('12m', today)).toEqual({
      from: '2025-04-01',
      to: '2026-03-15',
      granularity: 'month',
    });
  });

  it('checks a custom range as the server does', () => {
    expect(customRange('2026-01-01', '2026-03-01')).toMatchObject({ granularity: 'day' });
    expect(customRange('2025-01-01', '2026-03-01')).toMatchObject({ granularity: 'month' });
    expect(customRange('2026-03-02', '2026-03-01')).toBe('invalid');
    expect(customRange('', '2026-03-01')).toBe('invalid');
    expect(customRange('2024-01-01', '2026-01-02')).toBe('too-long');
    expect(customRange('2024-01-01', '2025-12-31')).toMatchObject({ granularity: 'month' });
  });
});
