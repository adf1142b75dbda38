import type { PostRow } from '../../db/schema/index.ts';

/** What deciding a sale needs to know about a post and one viewer. */
export type SaleAccess = {
  post: Pick<PostRow, 'authorId' | 'priceCents' | 'subscriberPriceCents'>;
  /** The viewer has an active subscription to the author. */
  subscribed: boolean;
  /** The viewer bought the post (kept for ever, whatever becomes of a subscription). */
  purchased: boolean;
};

export function isForSale(post: Pick<PostRow, 'priceCents'>): boolean {
  return post.priceCents !== null;
}

/**
 * What opening the post costs this viewer, in cents: the subscriber price while they subscribe
 * (0 is free), the price otherwise; null when the post is not for sale or is theirs.
 */
export function saleCentsFor(access: SaleAccess, viewerId: number): number | null {
  const { post } = access;
  if (post.priceCents === null || post.authorId === viewerId) return null;
  if (access.subscribed && post.subscriberPriceCents !== null) return post.subscriberPriceCents;
  return post.priceCents;
}

/** Whether the sale opens the post for the viewer: they bought it, or it is free to them. */
export function isOpenedBySale(access: SaleAccess, viewerId: number): boolean {
  return (
    access.post.authorId === viewerId || access.purchased || saleCentsFor(access, viewerId) === 0
  );
}
