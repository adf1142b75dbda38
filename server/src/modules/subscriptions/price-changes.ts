import { formatCents } from '@zura/contracts';
import type { Tx } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema/index.ts';
import { insertNotifications } from '../notifications/index.ts';
import * as repo from './repo.ts';

/** Rows per notification insert, well within PostgreSQL's 65,535 parameters. */
const NOTIFY_BATCH = 1000;

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
  const created: NotificationRow[] = [];
  for (let start = 0; start < keeping.length; start += NOTIFY_BATCH) {
    const batch = keeping.slice(start, start + NOTIFY_BATCH).map((subscription) => ({
      userId: subscription.fanId,
      type: 'subscription' as const,
      title: 'Subscription price raised',
      message:
        `${creator.username} raised the monthly price to ${formatCents(toCents)}. Your ` +
        `subscription keeps renewing at ${formatCents(subscription.priceCents)}; the new price ` +
        `applies only if you subscribe again.`,
      data: {
        creator_id: creator.id,
        subscription_id: subscription.id,
        price_cents: subscription.priceCents,
        new_price_cents: toCents,
      },
    }));
    created.push(...(await insertNotifications(tx, batch)));
  }
  return created;
}
