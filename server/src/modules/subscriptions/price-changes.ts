import type { Tx } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema/index.ts';
import { recordNotices } from '../notifications/index.ts';
import * as repo from './repo.ts';

/**
 * A creator's monthly price changed, inside the transaction that changes it. A subscription
 * renews at the price agreed when it started: a lower price reaches running subscriptions at
 * once; a higher one applies to new subscriptions only, and every subscriber who will keep
 * renewing is told now. Answers the notifications to publish once committed.
 */
export async function applyPriceChange(
  tx: Tx,
  creator: { id: number; username: string },
  fromCents: number,
  toCents: number,
): Promise<NotificationRow[]> {
  await repo.lowerActivePrices(tx, creator.id, toCents);
  if (toCents <= fromCents) return [];
  const keeping = await repo.renewingBelow(tx, creator.id, toCents);
  return recordNotices(
    tx,
    keeping.map((subscription) => ({
      to: subscription.fanId,
      kind: 'price_raised' as const,
      creator,
      subscriptionId: subscription.id,
      keptCents: subscription.priceCents,
      newCents: toCents,
    })),
  );
}
