import { splitPayment } from '@zura/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema/index.ts';
import { type Notify, recordNotice } from '../notifications/index.ts';
import { posts } from '../../db/schema/index.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { isBlockedEitherWay } from '../blocks/index.ts';
import { findUserById } from '../users/index.ts';
import { runIdempotent, balanceOf, paymentLegs, postMovement } from '../wallet/index.ts';

export type TipsService = ReturnType<typeof createTipsService>;

export function createTipsService(deps: { db: Database; notify: Notify }) {
  const { db, notify } = deps;
  return {
    /** A fan tips a creator, on their profile or on one of their posts. */
    async tip(
      fanId: number,
      input: { creatorId: number; amountCents: number; postId: number | undefined },
      idempotencyKey: string | undefined,
    ) {
      if (input.creatorId === fanId) throw new BadRequestError('You cannot tip yourself.');
      const [creator, fan] = await Promise.all([
        findUserById(db, input.creatorId),
        findUserById(db, fanId),
      ]);
      // A suspended creator takes no money: as absent as their profile.
      if (!creator || !creator.isCreator || creator.suspendedAt) {
        throw new NotFoundError('Creator not found.');
      }
      if (!fan) throw new NotFoundError('User not found');
      if (await isBlockedEitherWay(db, fanId, creator.id)) {
        throw new ForbiddenError('You cannot tip this user.');
      }
      if (input.postId !== undefined) {
        const post = await db.query.posts.findFirst({
          // A draft is its author's alone: tipping on it answers as on a missing post.
          where: and(
            eq(posts.id, input.postId),
            eq(posts.authorId, creator.id),
            eq(posts.isDraft, false),
          ),
        });
        if (!post) throw new NotFoundError('Post not found.');
      }
      let created: NotificationRow | undefined;
      const result = await runIdempotent(
        db,
        { userId: fanId, key: idempotencyKey, scope: 'tip', body: input },
        async (tx) => {
          const { feeCents, creatorCents } = splitPayment(input.amountCents);
          const reference: Record<string, number> = { creator_id: creator.id };
          if (input.postId !== undefined) reference.post_id = input.postId;
          const transaction = await postMovement(tx, {
            kind: 'tip',
            payerId: fanId,
            payeeId: creator.id,
            amountCents: input.amountCents,
            feeCents,
            reference,
            legs: paymentLegs(fanId, creator.id, input.amountCents, feeCents),
          });
          created = await recordNotice(tx, {
            to: creator.id,
            kind: 'tipped',
            fan: { id: fanId, username: fan.username },
            amountCents: input.amountCents,
            creatorCents,
            reference,
          });
          return {
            status: 201,
            body: {
              id: transaction.id,
              amount_cents: input.amountCents,
              fee_cents: feeCents,
              creator_cents: creatorCents,
              balance_cents: await balanceOf(tx, { kind: 'wallet', userId: fanId }),
            },
          };
        },
      );
      if (created) await notify([created]);
      return result;
    },
  };
}
