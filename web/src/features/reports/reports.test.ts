import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-errors';
import type { ReportEntry } from './api';
import { asReportReason, openReportId, refusalText } from './helpers';

describe('report refusals', () => {
  it("shows the server's detail, else its error, else the fallback", () => {
    const conflict = new ApiError(409, {
      detail: 'You have already reported this. A moderator will look at it.',
    });
    expect(refusalText(conflict, 'Failed')).toBe(
      'You have already reported this. A moderator will look at it.',
    );
    const self = new ApiError(400, { error: 'You cannot report yourself.' });
    expect(refusalText(self, 'Failed')).toBe('You cannot report yourself.');
    expect(refusalText(new ApiError(500, 'oops'), 'Failed')).toBe('Failed');
    expect(refusalText(new Error('offline'), 'Failed')).toBe('Failed');
  });
});

describe('report reasons', () => {
  it('keeps known reasons; the empty choice and anything else are no reason yet', () => {
    expect(asReportReason('underage')).toBe('underage');
    expect(asReportReason('illegal_content')).toBe('illegal_content');
    expect(asReportReason('')).toBeUndefined();
    expect(asReportReason('nonsense')).toBeUndefined();
  });
});

describe('report queue', () => {
  const report = (id: number, status: ReportEntry['status']): ReportEntry => ({
    id,
    reporter: null,
    reason: 'spam',
    details: '',
    status,
    created_at: '2026-01-01T00:00:00Z',
    resolution: null,
  });

  it('acts through an open report of the group, none when all are resolved', () => {
    expect(openReportId({ reports: [report(3, 'resolved'), report(5, 'open')] })).toBe(5);
    expect(openReportId({ reports: [report(3, 'resolved')] })).toBeUndefined();
  });
});
