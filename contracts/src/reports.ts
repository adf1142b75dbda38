import { z } from 'zod';

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'impersonation',
  'illegal_content',
  'underage',
  'copyright',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_TARGETS = ['profile', 'post', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_ACTIONS = ['dismiss', 'remove_content', 'suspend_user'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const REPORT_DETAILS_MAX_LENGTH = 1000;
export const REPORT_NOTE_MAX_LENGTH = 1000;

/** POST /reports/: what a member reports, and why. */
export const createReportRequest = z.object({
  target_type: z.enum(REPORT_TARGETS),
  target_id: z.number().int().positive(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().trim().max(REPORT_DETAILS_MAX_LENGTH).optional(),
});
export type CreateReportRequest = z.infer<typeof createReportRequest>;
export const createdReport = z.object({ id: z.number(), status: z.literal('open') });

const account = z.object({ id: z.number(), username: z.string() });

export const reportedMedia = z.object({
  url: z.string(),
  kind: z.enum(['image', 'video', 'file']),
  name: z.string().optional(),
});
export type ReportedMedia = z.infer<typeof reportedMedia>;

/** What was reported as an admin sees it (locked content unredacted); null once it is gone. */
export const reportedContent = z.object({ text: z.string(), media: z.array(reportedMedia) });

export const reportResolution = z.object({
  action: z.enum(REPORT_ACTIONS),
  note: z.string().nullable(),
  resolved_at: z.string(),
  resolved_by: account.nullable(),
});

export const report = z.object({
  id: z.number(),
  reporter: account.nullable(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
  resolution: reportResolution.nullable(),
});
export type Report = z.infer<typeof report>;

/** Every report of one target, grouped for the moderation queue. */
export const reportGroup = z.object({
  target_type: z.enum(REPORT_TARGETS),
  target_id: z.number(),
  owner: account.nullable(),
  content: reportedContent.nullable(),
  reports: z.array(report),
});
export type ReportGroup = z.infer<typeof reportGroup>;
export const reportGroupList = z.object({ results: z.array(reportGroup) });

/** POST /admin/reports/{id}/resolve/: the note is required for anything but dismiss. */
export const resolveReportRequest = z
  .object({
    action: z.enum(REPORT_ACTIONS),
    note: z.string().trim().max(REPORT_NOTE_MAX_LENGTH).optional(),
  })
  .refine((body) => body.action === 'dismiss' || (body.note ?? '') !== '', {
    message: 'Give a note: the owner is shown it.',
    path: ['note'],
  });
export type ResolveReportRequest = z.infer<typeof resolveReportRequest>;
