import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG } from './messaging.ts';
import { amountSchema } from './money.ts';

/** The limits of a locked message, which a priced mass message shares. */
export const MASS_MESSAGE_MIN_PRICE_CENTS = 100;
export const MASS_MESSAGE_MAX_PRICE_CENTS = 100_000;
export const MASS_MESSAGE_MAX_ATTACHMENTS = 10;
/** A hand-picked list names at most this many fans. */
export const MASS_MESSAGE_MAX_LIST = 1000;

/**
 * How often a creator may send mass messages (welcome messages are not counted): at most
 * `MASS_MESSAGES_PER_DAY` in any 24 hours, each at least `MASS_MESSAGE_MIN_GAP_MINUTES` after
 * the one before. One that failed before reaching anybody does not count.
 */
export const MASS_MESSAGES_PER_DAY = 4;
export const MASS_MESSAGE_MIN_GAP_MINUTES = 60;

/** The 429 body of a mass message sent too soon: `next_at` is when the next one may go. */
export const massMessageTooSoon = z.object({ detail: z.string(), next_at: z.string() });

const id = z.int({ error: 'Each user id must be a whole number above 0.' }).min(1, {
  error: 'Each user id must be a whole number above 0.',
});

/** Who a mass message goes to, as the creator chose it. */
export const segmentSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('active') }),
    z.object({ kind: z.literal('expired') }),
    z.object({ kind: z.literal('followers') }),
    z.object({
      kind: z.literal('spenders'),
      /** At least this much paid to the creator in the last `days` days. */
      min_amount: amountSchema(1, 100_000_000),
      days: z
        .int({ error: 'days must be a whole number from 1 to 365.' })
        .min(1, { error: 'days must be a whole number from 1 to 365.' })
        .max(365, { error: 'days must be a whole number from 1 to 365.' }),
    }),
    z.object({
      kind: z.literal('list'),
      user_ids: z
        .array(id, { error: 'Send user_ids as a list of user ids.' })
        .min(1, { error: 'Pick at least one fan.' })
        .max(MASS_MESSAGE_MAX_LIST, { error: `Pick at most ${MASS_MESSAGE_MAX_LIST} fans.` }),
    }),
  ],
  { error: 'Choose a segment: active, expired, followers, spenders or list.' },
);
export type SegmentInput = z.input<typeof segmentSchema>;
export type Segment = z.output<typeof segmentSchema>;

/** What a mass or welcome message carries: text and/or library media, optionally a price. */
export const massContentSchema = z.object({
  text: z
    .string({ error: 'Send text as a string.' })
    .max(MESSAGE_MAX_LENGTH, {
      error: MESSAGE_TOO_LONG,
    })
    .default(''),
  media_ids: z
    .array(z.uuid({ error: 'Media must be file ids.' }), { error: 'Send a list of file ids.' })
    .max(MASS_MESSAGE_MAX_ATTACHMENTS, {
      error: `Attach at most ${MASS_MESSAGE_MAX_ATTACHMENTS} files.`,
    })
    .default([]),
  /** Absent or null: free. */
  price: amountSchema(MASS_MESSAGE_MIN_PRICE_CENTS, MASS_MESSAGE_MAX_PRICE_CENTS)
    .nullable()
    .optional(),
});

/** How many fans one page of the audience search answers. */
export const AUDIENCE_SEARCH_PAGE = 20;

/**
 * GET /creator/mass-messages/audience/: the creator's own fans (subscribers, past or present,
 * and followers) whose username contains `q`, in username order; `after` is the last username
 * of the page before.
 */
export const audienceSearchQuery = z.object({
  q: z.string().trim().max(64, { error: 'Search with at most 64 characters.' }).default(''),
  after: z.string().max(64, { error: 'Not a valid page cursor.' }).optional(),
});

export const audienceMember = z.object({
  id: z.number(),
  username: z.string(),
  /** How the fan knows the creator: subscribed now, subscribed before, or following only. */
  relation: z.enum(['subscriber', 'former_subscriber', 'follower']),
});
export type AudienceMember = z.infer<typeof audienceMember>;

export const audiencePage = z.object({
  results: z.array(audienceMember),
  /** The next page's `after`, or null on the last page. */
  next: z.string().nullable(),
});

export const createMassMessageBody = massContentSchema.extend({ segment: segmentSchema });
export const countRecipientsBody = z.object({ segment: segmentSchema });

export const recipientCount = z.object({
  count: z.number(),
  /** Hand-picked ids that are not fans or followers of the creator. */
  refused_ids: z.array(z.number()),
});
export type RecipientCount = z.infer<typeof recipientCount>;

/** One mass or welcome message with its figures. */
export const massMessage = z.object({
  id: z.number(),
  kind: z.enum(['mass', 'welcome']),
  text: z.string(),
  price_cents: z.number(),
  media_count: z.number(),
  segment: z.record(z.string(), z.unknown()),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  recipient_count: z.number(),
  sent_count: z.number(),
  read_count: z.number(),
  unlocked_count: z.number(),
  revenue_gross_cents: z.number(),
  revenue_net_cents: z.number(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  retired_at: z.string().nullable(),
});
export type MassMessage = z.infer<typeof massMessage>;
export const massMessageList = z.object({ results: z.array(massMessage) });

export const welcomeMessageState = z.object({ current: massMessage.nullable() });
export type WelcomeMessageState = z.infer<typeof welcomeMessageState>;

export const muteState = z.object({ muted: z.boolean() });
