import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

type AudienceStatus = 'active' | 'expired' | 'follower';

export type AudienceRow = {
  id: number;
  username: string;
  status: AudienceStatus;
  since: Date;
  spendCents: number;
  /** Only when the fan shares their email with this creator (email_shares). */
  email: string | null;
};

/** What a fan pays a creator, gross (before the platform's fee), as the ledger records it. */
const FAN_PAYMENT_KINDS = ['subscription', 'renewal', 'tip', 'message_unlock', 'post_unlock'];

/**
 * One page of a creator's audience, by fan id after `afterId`: everyone who ever subscribed
 * (active or expired) or follows them, but anyone in a block with the creator. `since` is the
 * first subscription for subscribers, the follow for followers.
 */
export async function audiencePage(
  db: Executor,
  creatorId: number,
  afterId: number,
  limit: number,
): Promise<AudienceRow[]> {
  const result = await db.execute<{
    id: string;
    username: string;
    email: string | null;
    active: boolean;
    first_subscribed: Date | null;
    followed_at: Date | null;
    spend: string;
  }>(sql`
    with fans as (
      select fan_id as id from subscriptions where creator_id = ${creatorId} and fan_id > ${afterId}
      union
      select follower_id from follows where followee_id = ${creatorId} and follower_id > ${afterId}
    )
    select u.id, u.username,
      case when exists (select 1 from email_shares es
                         where es.fan_id = u.id and es.creator_id = ${creatorId})
           then u.email end as email,
      exists (select 1 from subscriptions s where s.fan_id = u.id and s.creator_id = ${creatorId}
                 and s.status = 'active') as active,
      (select min(s.created_at) from subscriptions s
        where s.fan_id = u.id and s.creator_id = ${creatorId}) as first_subscribed,
      (select f.created_at from follows f
        where f.follower_id = u.id and f.followee_id = ${creatorId}) as followed_at,
      (select coalesce(sum(lt.amount_cents), 0) from ledger_transactions lt
        where lt.payer_id = u.id and lt.payee_id = ${creatorId}
          and lt.kind = any(${sql.param(FAN_PAYMENT_KINDS)}::text[])) as spend
      from fans join users u on u.id = fans.id
     where u.id <> ${creatorId}
       and not exists (select 1 from blocks b
                        where (b.blocker_id = ${creatorId} and b.blocked_id = u.id)
                           or (b.blocked_id = ${creatorId} and b.blocker_id = u.id))
     order by u.id
     limit ${limit}`);
  return result.rows.map((row) => {
    const subscribed = row.first_subscribed !== null;
    // Every fan came in by a subscription or a follow, so one of the two is there.
    const began = row.first_subscribed ?? row.followed_at;
    if (began === null) throw new Error(`fan ${row.id} has neither subscription nor follow`);
    const since = new Date(began);
    return {
      id: Number(row.id),
      username: row.username,
      status: row.active ? 'active' : subscribed ? 'expired' : 'follower',
      since,
      spendCents: Number(row.spend),
      email: row.email,
    };
  });
}
