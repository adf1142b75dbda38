import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { postPurchases } from '../../db/schema/index.ts';

/**
 * Claims the viewer's purchase of a post: true for the one transaction that inserts the row;
 * parallel twins wait on the primary key and then find it taken, so only one of them pays.
 */
export async function claimPurchase(
  tx: Executor,
  postId: number,
  userId: number,
  amountCents: number,
): Promise<boolean> {
  const inserted = await tx
    .insert(postPurchases)
    .values({ postId, userId, amountCents })
    .onConflictDoNothing()
    .returning({ postId: postPurchases.postId });
  return inserted.length > 0;
}

export async function setPurchaseTransaction(
  tx: Executor,
  postId: number,
  userId: number,
  transactionId: number,
) {
  await tx
    .update(postPurchases)
    .set({ transactionId })
    .where(and(eq(postPurchases.postId, postId), eq(postPurchases.userId, userId)));
}
