import { z } from 'zod';

/** Offers and bundles: a creator's free-trial links, first-period discounts and multi-month plans. */

export const OFFER_KIND_VALUES = ['trial', 'discount'] as const;
export const OFFER_AUDIENCE_VALUES = ['new', 'returning', 'everyone'] as const;
export const BUNDLE_MONTHS = [3, 6, 12] as const;
export const TRIAL_DAYS_MAX = 90;
export const DISCOUNT_PERCENT_MAX = 95;

/** A whole number in [min, max]; every failure names the field and the range. */
function wholeNumber(field: string, min: number, max: number) {
  const message = `${field} must be a whole number from ${min} to ${max}.`;
  return z.int({ error: message }).min(min, message).max(max, message);
}

/** The price of `months` months at `monthlyCents` less `discountPercent`, to the cent. */
export function bundlePriceCents(monthlyCents: number, months: number, discountPercent: number) {
  return Math.round((months * monthlyCents * (100 - discountPercent)) / 100);
}

/** A first month at `monthlyCents` less `discountPercent`, to the cent. */
export function discountedCents(monthlyCents: number, discountPercent: number) {
  return Math.round((monthlyCents * (100 - discountPercent)) / 100);
}

/** POST /api/creator/offers/ */
export const createOfferBody = z
  .object({
    kind: z.enum(OFFER_KIND_VALUES, { error: "kind must be 'trial' or 'discount'." }),
    trial_days: wholeNumber('trial_days', 1, TRIAL_DAYS_MAX).optional(),
    discount_percent: wholeNumber('discount_percent', 1, DISCOUNT_PERCENT_MAX).optional(),
    audience: z
      .enum(OFFER_AUDIENCE_VALUES, {
        error: "audience must be 'new', 'returning' or 'everyone'.",
      })
      .optional(),
    claim_limit: wholeNumber('claim_limit', 1, 1_000_000).nullable().optional(),
    expires_at: z.iso
      .datetime({ offset: true, error: 'expires_at must be a date and time (ISO 8601).' })
      .nullable()
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'trial' && body.trial_days === undefined) {
      ctx.addIssue({ code: 'custom', path: ['trial_days'], message: 'A trial needs trial_days.' });
    }
    if (body.kind === 'discount' && body.discount_percent === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['discount_percent'],
        message: 'A discount needs discount_percent.',
      });
    }
    if (body.expires_at && Date.parse(body.expires_at) <= Date.now()) {
      ctx.addIssue({
        code: 'custom',
        path: ['expires_at'],
        message: 'The expiry must be in the future.',
      });
    }
  });
export type CreateOfferBody = z.infer<typeof createOfferBody>;

export const offerStatus = z.enum(['active', 'ended', 'expired', 'full']);

/** One of the creator's own offers, with its link and claims. */
export const creatorOffer = z.object({
  id: z.number(),
  kind: z.enum(OFFER_KIND_VALUES),
  code: z.string(),
  url_path: z.string(),
  trial_days: z.number().nullable(),
  discount_percent: z.number().nullable(),
  audience: z.enum(OFFER_AUDIENCE_VALUES),
  claim_limit: z.number().nullable(),
  claim_count: z.number(),
  expires_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  created_at: z.string(),
  status: offerStatus,
});
export type CreatorOffer = z.infer<typeof creatorOffer>;
export const creatorOfferList = z.array(creatorOffer);

/** A bundle's length in months: 3, 6 or 12 (a fan may also take 1 month, `subscribeMonths`). */
export const bundleMonths = z.union([z.literal(3), z.literal(6), z.literal(12)], {
  error: 'months must be 3, 6 or 12.',
});
export type BundleMonths = z.infer<typeof bundleMonths>;

/** PUT /api/creator/bundles/: the whole set, 0 to 3 bundles, one per length. */
export const bundlesBody = z.object({
  bundles: z
    .array(
      z.object({
        months: bundleMonths,
        discount_percent: wholeNumber('discount_percent', 1, DISCOUNT_PERCENT_MAX),
      }),
      { error: 'bundles must be a list.' },
    )
    .max(3, 'At most 3 bundles.')
    .refine(
      (list) => new Set(list.map((b) => b.months)).size === list.length,
      'One bundle per length: 3, 6 or 12 months.',
    ),
});
export type BundlesBody = z.infer<typeof bundlesBody>;

export const bundle = z.object({
  months: bundleMonths,
  discount_percent: z.number(),
  price_cents: z.number(),
});
export type Bundle = z.infer<typeof bundle>;
export const bundleList = z.object({ bundles: z.array(bundle) });

/** What a fan may choose on a creator's profile, priced by the server for that fan. */
export const subscribeOptions = z.object({
  creator_id: z.number(),
  price_cents: z.number(),
  /** The best discount this fan may claim now, or null. */
  discount: z
    .object({
      offer_id: z.number(),
      discount_percent: z.number(),
      first_period_cents: z.number(),
      expires_at: z.string().nullable(),
    })
    .nullable(),
  bundles: z.array(bundle),
});
export type SubscribeOptions = z.infer<typeof subscribeOptions>;

/** GET /api/offers/{code}/: the public page of an offer link. */
export const publicOffer = z.object({
  code: z.string(),
  kind: z.enum(OFFER_KIND_VALUES),
  trial_days: z.number().nullable(),
  discount_percent: z.number().nullable(),
  audience: z.enum(OFFER_AUDIENCE_VALUES),
  status: offerStatus,
  price_cents: z.number(),
  creator: z.object({
    id: z.number(),
    username: z.string(),
    profile_image: z.string().nullable(),
  }),
});
export type PublicOffer = z.infer<typeof publicOffer>;

/** The subscription lengths a fan may choose: a month, or a bundle's months. */
export const subscribeMonths = z.union([z.literal(1), z.literal(3), z.literal(6), z.literal(12)], {
  error: 'months must be 1, 3, 6 or 12.',
});
export type SubscribeMonths = z.infer<typeof subscribeMonths>;
