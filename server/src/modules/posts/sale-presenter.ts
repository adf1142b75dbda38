import type { MediaSigner } from '../media/index.ts';
import { saleCentsFor } from './pay-per-view.ts';
import type { PostWithAuthor } from './repo.ts';

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

/**
 * A post's sale as one viewer sees it (`payPerViewFields` in contracts). While the post is
 * closed to them, the only file it names is the blurred preview: a tiny, heavily blurred copy
 * of its image or of its video's poster, nothing else of the file.
 */
export function presentSale(
  row: PostWithAuthor,
  viewerId: number,
  signer: MediaSigner,
  open: boolean,
) {
  const { post } = row;
  const saleCents = saleCentsFor(row, viewerId);
  return {
    price: dollars(post.priceCents),
    subscriber_price: dollars(post.subscriberPriceCents),
    price_for_viewer: open ? null : dollars(saleCents),
    is_purchased: row.purchased,
    preview: open || saleCents === null ? null : previewUrl(row, signer),
  };
}

function previewUrl(row: PostWithAuthor, signer: MediaSigner): string | null {
  if (row.post.imageId && row.imageVariants?.blur) return signer.url(row.post.imageId, 'blur');
  if (row.post.videoId && row.videoVariants?.blur) return signer.url(row.post.videoId, 'blur');
  return null;
}
