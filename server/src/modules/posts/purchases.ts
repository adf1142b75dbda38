import { splitPayment } from '@zura/contracts';
import type { Database } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema/index.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import type { MediaSigner } from '../media/index.ts';
import { recordNotice, type Notify } from '../notifications/index.ts';
import { findUserById } from '../users/index.ts';
import { runIdempotent, paymentLegs, postMovement } from '../wallet/index.ts';
import { canSeePostContent } from './policy.ts';
import { presentPost } from './presenter.ts';
import { claimPurchase, setPurchaseTransaction } from './purchase-repo.ts';
import { saleCentsFor } from './pay-per-view.ts';
import type { PostsService } from './service.ts';

export type PostPurchases = ReturnType<typeof createPostPurchases>;

/**
 * Buying a pay-per-view post: the viewer's wallet pays the author through the ledger
 * (`post_unlock`, the platform's 10% and the creator's 90%), once, and the post stays theirs.
 */
export function createPostPurchases(deps: {
  db: Database;
  posts: Pick<PostsService, 'findVisiblePost' | 'viewerMarkFor'>;
  signer: MediaSigner;
  notify: Notify;
}) {
  const { db, posts, signer, notify } = deps;

  const present = async (row: Awaited<ReturnType<typeof visible>>, viewerId: number) =>
    presentPost(row, viewerId, signer, await posts.viewerMarkFor(viewerId, [row]));

  /** The post as the viewer sees it now; 404 when they may not see it at all. */
  async function visible(viewerId: number, postId: number) {
    const row = await posts.findVisiblePost(viewerId, postId);
    if (!row) throw new NotFoundError('Post not found.');
    return row;
  }

  return {
    /**
     * Charges the viewer's price once, however many requests arrive together: each claims its
     * Idempotency-Key and then the purchase row, whose primary key lets one transaction pay.
     * A post already open to the viewer (bought, free to subscribers, opened by its password)
     * is answered without a charge. The stored answer is the fact of the purchase; the post is
     * presented afresh, so a retry never gets media URLs that have run out.
     */
    async purchase(viewerId: number, postId: number, idempotencyKey: string | undefined) {
      const row = await visible(viewerId, postId);
      const { post } = row;
      if (post.authorId === viewerId) throw new BadRequestError('You cannot buy your own post.');
      const priceCents = saleCentsFor(row, viewerId);
      if (priceCents === null) throw new BadRequestError('This post is not for sale.');
      if (canSeePostContent(row, viewerId)) return present(row, viewerId);

      let created: NotificationRow | undefined;
      await runIdempotent(
        db,
        { userId: viewerId, key: idempotencyKey, scope: 'post_purchase', body: { postId } },
        async (tx) => {
          if (!(await claimPurchase(tx, post.id, viewerId, priceCents))) {
            return { status: 200, body: { post_id: post.id, charged: false } };
          }
          const { feeCents, creatorCents } = splitPayment(priceCents);
          const transaction = await postMovement(tx, {
            kind: 'post_unlock',
            payerId: viewerId,
            payeeId: post.authorId,
            amountCents: priceCents,
            feeCents,
            reference: { post_id: post.id },
            legs: paymentLegs(viewerId, post.authorId, priceCents, feeCents),
          });
          await setPurchaseTransaction(tx, post.id, viewerId, transaction.id);
          const fan = await findUserById(tx, viewerId);
          created = await recordNotice(tx, {
            to: post.authorId,
            kind: 'post_unlocked',
            fan: { id: viewerId, username: fan?.username },
            postId: post.id,
            priceCents,
            creatorCents,
          });
          return { status: 200, body: { post_id: post.id, charged: true } };
        },
      );
      if (created) await notify([created]);
      return present(await visible(viewerId, postId), viewerId);
    },
  };
}
