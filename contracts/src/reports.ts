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
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  impersonation: 'Impersonation',
  illegal_content: 'Illegal content',
  underage: 'Underage',
  copyright: 'Copyright',
  other: 'Other',
};
export const REPORT_TARGETS = ['profile', 'post', 'message', 'comment'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_STATUSES = ['open', 'resolved'] as const;
export const REPORT_ACTIONS = ['dismiss', 'remove_content', 'suspend_user'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const REPORT_DETAILS_MAX_LENGTH = 1000;

export const reportRequest = z.object({
  target_type: z.enum(REPORT_TARGETS, { error: 'Choose profile, post, message or comment.' }),
  target_id: z
    .number({ error: 'Not a valid id.' })
    .int('Not a valid id.')
    .min(1, 'Not a valid id.')
    .max(Number.MAX_SAFE_INTEGER, 'Not a valid id.'),
  reason: z.enum(REPORT_REASONS, { error: 'Choose one of the reasons.' }),
  details: z
    .string({ error: 'Details must be text.' })
    .trim()
    .max(
      REPORT_DETAILS_MAX_LENGTH,
      `Details must be at most ${REPORT_DETAILS_MAX_LENGTH} characters long.`,
    )
    .optional(),
});
export type ReportRequest = z.infer<typeof reportRequest>;
export const reportCreated = z.object({ id: z.number(), status: z.literal('open') });

export const reportQueueQuery = z.object({
  status: z.enum(REPORT_STATUSES, { error: 'Choose open or resolved.' }).default('open'),
});

const resolveNote = z
  .string({ error: 'The note must be text.' })
  .trim()
  .max(1000, 'The note must be at most 1000 characters long.');
/** A note is required when something happens to the owner: it is what they read. */
export const resolveReportRequest = z
  .object({
    action: z.enum(REPORT_ACTIONS, { error: 'Choose dismiss, remove_content or suspend_user.' }),
    note: resolveNote.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action !== 'dismiss' && !body.note) {
      ctx.addIssue({
        code: 'custom',
        path: ['note'],
        message: 'Write a note for the owner: it tells them why.',
      });
    }
  });
export type ResolveReportRequest = z.infer<typeof resolveReportRequest>;

const person = z.object({ id: z.number(), username: z.string() }).nullable();

export const reportedMedia = z.object({
  url: z.string(),
  kind: z.enum(['image', 'video', 'file']),
  name: z.string().optional(),
});

export const reportEntry = z.object({
  id: z.number(),
  reporter: person,
  /** A report from a remote server (ActivityPub `Flag`): its actor and host; reporter null. */
  remote_reporter: z.object({ actor: z.string(), host: z.string() }).nullable().optional(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
  resolution: z
    .object({
      action: z.enum(REPORT_ACTIONS),
      note: z.string().nullable(),
      resolved_at: z.string(),
      resolved_by: person,
    })
    .nullable(),
});

export const reportGroup = z.object({
  target_type: z.enum(REPORT_TARGETS),
  target_id: z.number(),
  owner: person,
  /** What was reported, as an admin sees it (locked content unredacted); null once gone. */
  content: z.object({ text: z.string(), media: z.array(reportedMedia) }).nullable(),
  reports: z.array(reportEntry),
});
export type ReportGroup = z.infer<typeof reportGroup>;
export const reportQueue = z.object({ results: z.array(reportGroup) });
