import { sql, type SQL } from 'drizzle-orm';
import type { Segment } from '@zura/contracts';
import type { Executor } from '../../db/client.ts';

/** Payments a fan makes to a creator, which the spenders segment adds up. */
const PAYMENT_KINDS = sql`('subscription', 'renewal', 'tip', 'message_unlock', 'post_unlock')`;

/** A fan of the creator: subscribed at some time, or following. Hand-picked ids must be one. */
function isFanOf(creatorId: number, userColumn: SQL): SQL {
  return sql`(exists (select 1 from subscriptions s where s.creator_id = ${creatorId} and s.fan_id = ${userColumn})
           or exists (select 1 from follows f where f.followee_id = ${creatorId} and f.follower_id = ${userColumn}))`;
}

/** The user ids a segment names before the exclusions, as a subquery with one column `id`. */
function candidates(creatorId: number, segment: Segment): SQL {
  switch (segment.kind) {
    case 'active':
      return sql`select s.fan_id as id from subscriptions s
                  where s.creator_id = ${creatorId} and s.status = 'active'`;
    case 'expired':
      // Expired and not back: someone who resubscribed is in `active`, not here.
      return sql`select distinct s.fan_id as id from subscriptions s
                  where s.creator_id = ${creatorId} and s.status = 'expired'
                    and not exists (select 1 from subscriptions a where a.creator_id = ${creatorId}
                                       and a.fan_id = s.fan_id and a.status = 'active')`;
    case 'followers':
      return sql`select f.follower_id as id from follows f
                  where f.followee_id = ${creatorId}
                    and not exists (select 1 from subscriptions s where s.creator_id = ${creatorId}
                                       and s.fan_id = f.follower_id)`;
    case 'spenders':
      return sql`select t.payer_id as id from ledger_transactions t
                  where t.payee_id = ${creatorId} and t.payer_id is not null
                    and t.kind in ${PAYMENT_KINDS}
                    and t.created_at >= now() - make_interval(days => ${segment.days})
                  group by t.payer_id having sum(t.amount_cents) >= ${segment.min_amount}`;
    case 'list':
      return sql`select distinct picked.id from unnest(${sql.param(segment.user_ids)}::bigint[]) as picked(id)
                  where ${isFanOf(creatorId, sql`picked.id`)}`;
  }
}

/**
 * The recipients of a segment, as a subquery with one column `id`: never the creator, nor a
 * suspended account, nor anyone blocked either way, nor a fan who muted the creator. Deleted
 * accounts have no row left to join.
 */
export function recipientsOf(creatorId: number, segment: Segment): SQL {
  return sql`select u.id from (${candidates(creatorId, segment)}) c
    join users u on u.id = c.id
   where u.id <> ${creatorId} and u.suspended_at is null
     and not exists (select 1 from blocks b
                      where (b.blocker_id = ${creatorId} and b.blocked_id = u.id)
                         or (b.blocker_id = u.id and b.blocked_id = ${creatorId}))
     and not exists (select 1 from mutes m where m.user_id = u.id and m.muted_user_id = ${creatorId})`;
}

export async function countRecipients(db: Executor, creatorId: number, segment: Segment) {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (${recipientsOf(creatorId, segment)}) r`,
  );
  return rows[0]?.n ?? 0;
}

/** Hand-picked ids that are not fans or followers of the creator (missing users included). */
export async function refusedIds(db: Executor, creatorId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{ id: string }>(
    sql`select distinct picked.id from unnest(${sql.param([...ids])}::bigint[]) as picked(id)
         where not ${isFanOf(creatorId, sql`picked.id`)} order by picked.id`,
  );
  return rows.map((row) => Number(row.id));
}
