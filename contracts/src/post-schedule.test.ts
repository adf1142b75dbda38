import { describe, expect, it } from 'vitest';
import { parsePublishAt, SCHEDULE_MAX_DAYS_AHEAD } from './post-schedule.ts';

const now = new Date('2026-06-01T12:00:00.000Z');

describe('parsePublishAt', () => {
  it('reads an ISO time with its offset as the moment it names', () => {
    expect(parsePublishAt('2026-06-01T13:30:00+02:00', now)).toEqual({
      ok: false,
      message: 'publish_at must be in the future.',
    });
    const parsed = parsePublishAt('2026-06-01T16:30:00+02:00', now);
    expect(parsed).toEqual({ ok: true, at: new Date('2026-06-01T14:30:00.000Z') });
  });

  it('refuses now itself, the past, and more than the allowed days ahead', () => {
    expect(parsePublishAt(now.toISOString(), now).ok).toBe(false);
    const limit = new Date(now.getTime() + SCHEDULE_MAX_DAYS_AHEAD * 86_400_000);
    expect(parsePublishAt(limit.toISOString(), now).ok).toBe(true);
    expect(parsePublishAt(new Date(limit.getTime() + 1).toISOString(), now)).toEqual({
      ok: false,
      message: `publish_at can be at most ${SCHEDULE_MAX_DAYS_AHEAD} days ahead.`,
    });
  });

  it('refuses what is not a full date and time', () => {
    for (const raw of ['', 'tomorrow', '2026-06-02', '1780000000000', '2026-02-30T10:00:00Z']) {
      expect(parsePublishAt(raw, now).ok, raw).toBe(false);
    }
  });
});
