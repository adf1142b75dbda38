import type { PostRow } from '../../db/schema/index.ts';

/** What deciding a sale needs to know about a post and one viewer. */
export type SaleAccess = {
  post: Pick<PostRow, 'authorId' | 'priceCents' | 'subscriberPriceCents'>;
  /** The viewer has an active subscription to the author. */
  subscribed: boolean;
  /**
   * That subscription is paid for (not a free trial): a subscriber price is for paying
   * subscribers, so a fan on a trial pays what anyone else pays.
   */
  paidSubscription: boolean;
  /** The viewer bought the post (kept for ever, whatever becomes of a subscription). */
  purchased: boolean;
};

export function isForSale(post: Pick<PostRow, 'priceCents'>): boolean {
  return post.priceCents !== null;
}

/**
 * What opening the post costs this viewer, in cents: the subscriber price while they pay for a
 * subscription (0 is free), the price otherwise, a free trial included (else a trial claimed
 * and cancelled would buy a $20 post for $1 and keep it); null when the post is not for sale
 * or is theirs.
 */
export function saleCentsFor(access: SaleAccess, viewerId: number): number | null {
  const { post } = access;
  if (post.priceCents === null || post.authorId === viewerId) return null;
  if (access.subscribed && access.paidSubscription && post.subscriberPriceCents !== null) {
    return post.subscriberPriceCents;
  }
  return post.priceCents;
}

/** Whether the sale opens the post for the viewer: they bought it, or it is free to them. */
export function isOpenedBySale(access: SaleAccess, viewerId: number): boolean {
  return (
    access.post.authorId === viewerId || access.purchased || saleCentsFor(access, viewerId) === 0
  );
}
