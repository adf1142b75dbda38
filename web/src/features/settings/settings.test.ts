import { DEFAULT_SETTINGS, userSettingsSchema } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-errors';
import { catalogueT as t } from '../../lib/test-helpers';
import {
  deleteAccountError,
  saveErrorDetails,
  SECTION_FIELDS,
  sectionChanges,
  SETTINGS_SECTIONS,
} from './sections';
import {
  idleDeadline,
  isIdle,
  latestActivity,
  MAX_CHECK_DELAY_MS,
  nextCheckDelay,
  parseActivity,
} from './session-timeout';

describe('settings sections', () => {
  it('puts every setting but two-factor under exactly one tab', () => {
    const placed = SETTINGS_SECTIONS.flatMap((section) => [...SECTION_FIELDS[section]]);
    expect(new Set(placed).size).toBe(placed.length);
    const all = Object.keys(userSettingsSchema.shape).filter((key) => key !== 'twoFactorAuth');
    expect([...placed].sort()).toEqual(all.sort());
  });

  it("saves only the tab's own settings", () => {
    const values = { ...DEFAULT_SETTINGS, sessionTimeout: 60 as const, newLikes: false };
    expect(sectionChanges('account', values)).toEqual({
      sessionTimeout: 60,
      language: 'en',
      timezone: 'UTC',
    });
    expect(sectionChanges('notifications', values)).toMatchObject({ newLikes: false });
    expect(Object.keys(sectionChanges('privacy', values))).toEqual([
      'profileVisibility',
      'showEmail',
      'allowMessages',
      'showOnlineStatus',
    ]);
  });

  it('names the section in the success text', () => {
    expect(t('settings.saved', { section: t('settings.tabs.notifications') })).toBe(
      'Notifications settings saved successfully!',
    );
  });

  it("lists the server's field messages of a refused save", () => {
    expect(saveErrorDetails(new ApiError(400, { sessionTimeout: ['Choose 15'] }))).toEqual([
      'sessionTimeout: Choose 15',
    ]);
    expect(saveErrorDetails(new ApiError(500, { detail: 'x' }))).toEqual([]);
    expect(saveErrorDetails(new NetworkError())).toEqual([]);
  });
});

describe('deleteAccountError', () => {
  it("shows the server's reason for a refusal", () => {
    const wrong = new ApiError(400, { error: 'The password is not correct.' });
    expect(deleteAccountError(wrong, t)).toBe('The password is not correct.');
    expect(deleteAccountError(new ApiError(429, { detail: 'Too many attempts.' }), t)).toBe(
      'Too many attempts.',
    );
    expect(deleteAccountError(new ApiError(400, { password: ['Enter it.'] }), t)).toBe('Enter it.');
  });

  it('gives the generic text otherwise', () => {
    const generic = 'Failed to delete your account. Please try again.';
    expect(deleteAccountError(new NetworkError(), t)).toBe(generic);
    expect(deleteAccountError(new ApiError(503, null), t)).toBe(generic);
  });
});

describe('session timeout', () => {
  const minute = 60_000;

  it('has no deadline for "never" (0)', () => {
    expect(idleDeadline(1_000, 0)).toBeNull();
    expect(isIdle(10 ** 12, 0, 0)).toBe(false);
  });

  it('signs out exactly when the minutes without activity are over', () => {
    expect(idleDeadline(1_000, 15)).toBe(1_000 + 15 * minute);
    expect(isIdle(1_000 + 15 * minute - 1, 1_000, 15)).toBe(false);
    expect(isIdle(1_000 + 15 * minute, 1_000, 15)).toBe(true);
  });

  it('reads the shared record defensively', () => {
    expect(parseActivity(null)).toBeNull();
    expect(parseActivity('abc')).toBeNull();
    expect(parseActivity('-5')).toBeNull();
    expect(parseActivity('1700000000000')).toBe(1_700_000_000_000);
  });

  it('takes the latest activity of any tab, but never one from the future', () => {
    expect(latestActivity(100, 200, 1_000)).toBe(200);
    expect(latestActivity(300, 200, 1_000)).toBe(300);
    expect(latestActivity(300, null, 1_000)).toBe(300);
    expect(latestActivity(300, 99_999, 1_000)).toBe(1_000);
  });

  it('looks again at the deadline, at most a minute later and never in a busy loop', () => {
    expect(nextCheckDelay(0, 30_000)).toBe(30_000);
    expect(nextCheckDelay(0, 30 * minute)).toBe(MAX_CHECK_DELAY_MS);
    expect(nextCheckDelay(10, 5)).toBeGreaterThan(0);
  });
});
