import type { OwnProfile } from '@zura/contracts';

/**
 * Whether a post's media will be gated, so that marks apply to them (issue 35; the server's
 * `arePostMediaGated`): locked with a password, for sale, or by a creator with a paid
 * subscription. Only then does the composer offer the visible mark.
 */
export function gatesMedia(
  post: { isLocked: boolean; forSale: boolean },
  own: Pick<OwnProfile, 'is_creator' | 'subscription_price'> | undefined,
): boolean {
  const paidCreator = own?.is_creator === true && own.subscription_price !== 'free';
  return post.isLocked || post.forSale || paidCreator;
}

/**
 * A post's own choice after the author turns the switch to `checked`: null (follow the
 * default) when that is what the default says, so a later change of the default still applies.
 */
export function visibleMarkChoice(checked: boolean, defaultOn: boolean): boolean | null {
  return checked === defaultOn ? null : checked;
}
