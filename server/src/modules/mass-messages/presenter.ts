import type { MassMessage } from '@zura/contracts';
import type { MassMessageStats } from './repo.ts';

export function presentMassMessage(stats: MassMessageStats): MassMessage {
  const { row } = stats;
  return {
    id: row.id,
    kind: row.kind,
    text: row.text,
    price_cents: row.priceCents,
    media_count: stats.mediaCount,
    segment: row.segment,
    status: row.status,
    recipient_count: row.recipientCount,
    sent_count: row.sentCount,
    read_count: stats.readCount,
    unlocked_count: stats.unlockedCount,
    revenue_gross_cents: stats.grossCents,
    revenue_net_cents: stats.netCents,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    retired_at: row.retiredAt?.toISOString() ?? null,
  };
}
