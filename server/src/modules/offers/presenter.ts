import type { CreatorOffer, PublicOffer } from '@zura/contracts';
import type { SubscriptionOfferRow, UserRow } from '../../db/schema/index.ts';
import type { MediaUrlResolver } from '../users/index.ts';

/** Where an offer stands now: ended by the creator, past its expiry, out of claims, or open. */
export function offerStatus(offer: SubscriptionOfferRow, now = new Date()): CreatorOffer['status'] {
  if (offer.endedAt) return 'ended';
  if (offer.expiresAt && offer.expiresAt <= now) return 'expired';
  if (offer.claimLimit !== null && offer.claimCount >= offer.claimLimit) return 'full';
  return 'active';
}

/** The creator's own view: the link, the terms and the claims. */
export function presentCreatorOffer(offer: SubscriptionOfferRow): CreatorOffer {
  return {
    id: offer.id,
    kind: offer.kind,
    code: offer.code,
    url_path: `/offers/${offer.code}`,
    trial_days: offer.trialDays,
    discount_percent: offer.discountPercent,
    audience: offer.audience,
    claim_limit: offer.claimLimit,
    claim_count: offer.claimCount,
    expires_at: offer.expiresAt?.toISOString() ?? null,
    ended_at: offer.endedAt?.toISOString() ?? null,
    created_at: offer.createdAt.toISOString(),
    status: offerStatus(offer),
  };
}

/** What anyone holding the link sees: the terms and the creator, never the claim counts. */
export function presentPublicOffer(
  offer: SubscriptionOfferRow,
  creator: UserRow,
  mediaUrl: MediaUrlResolver,
): PublicOffer {
  return {
    code: offer.code,
    kind: offer.kind,
    trial_days: offer.trialDays,
    discount_percent: offer.discountPercent,
    audience: offer.audience,
    status: offerStatus(offer),
    price_cents: creator.subscriptionPriceCents,
    creator: {
      id: creator.id,
      username: creator.username,
      profile_image: mediaUrl(creator.profileImageId),
    },
  };
}
