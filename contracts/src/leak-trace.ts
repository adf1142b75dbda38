import { z } from 'zod';

/** The largest suspected copy the leak tracer reads: a video. */
export const LEAK_TRACE_MAX_BYTES = 1024 ** 3;
/** The largest suspected image (a screenshot or a photo). */
export const LEAK_TRACE_MAX_IMAGE_BYTES = 25 * 1024 * 1024;

/** Why a trace names nobody, or names a copy whose recipient is gone. */
export const LEAK_TRACE_OUTCOMES = [
  /** The recipient was read and named. */
  'recipient_found',
  /** The mark was read, but the account it was served to has been deleted since. */
  'recipient_deleted',
  /** No marked upload in the tracer's reach looks like the file. */
  'no_matching_upload',
  /** An upload looks like it, but no mark could be read with confidence. */
  'no_mark_found',
] as const;
export type LeakTraceOutcome = (typeof LEAK_TRACE_OUTCOMES)[number];

/**
 * What the leak tracer found in a suspected copy (issue 35): the upload it came from, the
 * account it was served to, and the evidence. `confidence` is 1 minus the chance that an
 * unmarked or unrelated copy reads as well (`evidence.false_match_probability`).
 */
export const leakTraceResult = z.object({
  id: z.number().int().describe('The trace, as the audit log and the takedown notice name it.'),
  found: z.boolean().describe('Whether a mark was read with confidence.'),
  outcome: z.enum(LEAK_TRACE_OUTCOMES),
  upload_id: z.string().nullable(),
  post_id: z.number().int().nullable(),
  message_id: z.number().int().nullable(),
  recipient: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  confidence: z.number().min(0).max(1),
  evidence: z
    .object({
      bits_agreeing: z
        .number()
        .int()
        .describe("Code bits (an image's) or segments (a video's) read."),
      bits_total: z.number().int(),
      false_match_probability: z.number(),
      hash_distance: z
        .number()
        .int()
        .nullable()
        .describe('Perceptual-hash bits (of 64) from the upload; null for a video.'),
      variant: z
        .string()
        .describe("The stored size the served copy was made from (an image's, a video's rung)."),
    })
    .nullable(),
  created_at: z.string(),
});
export type LeakTraceResult = z.infer<typeof leakTraceResult>;
