import { describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso, suggestedLocalInput } from './schedule-time';

describe('schedule times', () => {
  it('reads a datetime-local value as the viewer’s own wall-clock time', () => {
    const iso = localInputToIso('2026-06-01T14:30');
    expect(iso).toBe(new Date(2026, 5, 1, 14, 30).toISOString());
    expect(isoToLocalInput(iso ?? '')).toBe('2026-06-01T14:30');
  });

  it('refuses what is not a time', () => {
    for (const value of ['', '2026-06-01', 'tomorrow', '2026-02-30T10:00', '2026-06-01T14:30Z']) {
      expect(localInputToIso(value), value).toBeUndefined();
    }
  });

  it('suggests the next full hour at least an hour ahead', () => {
    const now = new Date(2026, 5, 1, 14, 10);
    expect(suggestedLocalInput(now)).toBe('2026-06-01T16:00');
  });
});
