import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { MassMessageRow } from '../../db/schema/index.ts';

/** Recipients written per statement: big enough to be fast, small enough to commit often. */
const DELIVERY_BATCH = 1000;

export type DeliveredCopy = {
  messageId: number;
  conversationId: number;
  createdAt: Date;
  fanId: number;
  notificationId: number;
  notificationCreatedAt: Date;
};

/** What each copy's notification tells besides the conversation (`messageNoticeFacts`'s part). */
export type CopyNotice = { facts: Record<string, unknown>; senderUsername: string };

/**
 * Delivers the next batch of a mass (or welcome) message to `recipients` (a subquery with one
 * column `id`), set-based: one statement each for the conversations, and for the messages,
 * their attachments, the conversations' last message and unread counts, the notifications and
 * the progress. A recipient whose conversation already holds a copy is skipped, and a
 * transaction-scoped advisory lock on the mass message makes two runs (a retry beside a run
 * that was thought dead) take turns, so nobody ever gets a second copy. Answers the copies
 * written; none means the segment is done.
 */
export async function deliverBatch(
  db: Database,
  mass: MassMessageRow,
  recipients: SQL,
  notice: CopyNotice,
  hasMedia: boolean,
): Promise<DeliveredCopy[]> {
  const creatorId = mass.creatorId;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mass_message'), ${mass.id}::int)`);
    const { rows: picked } = await tx.execute<{ id: string }>(sql`
      with delivered as (
        select case when c.user_low_id = ${creatorId} then c.user_high_id else c.user_low_id end as id
          from messages m join conversations c on c.id = m.conversation_id
         where m.mass_message_id = ${mass.id})
      select r.id from (${recipients}) r
       where not exists (select 1 from delivered d where d.id = r.id)
       order by r.id limit ${DELIVERY_BATCH}`);
    if (picked.length === 0) return [];
    const ids = picked.map((row) => Number(row.id));
    await tx.execute(sql`
      insert into conversations (user_low_id, user_high_id)
      select least(f.id, ${creatorId}::bigint), greatest(f.id, ${creatorId}::bigint)
        from unnest(${sql.param(ids)}::bigint[]) as f(id)
       order by 1, 2
      on conflict do nothing`);
    const { rows } = await tx.execute<{
      message_id: string;
      conversation_id: string;
      created_at: Date;
      fan_id: string;
      notification_id: string;
      notification_created_at: Date;
    }>(sql`
      with conv as (
        select c.id as conversation_id, f.id as fan_id
          from unnest(${sql.param(ids)}::bigint[]) as f(id)
          join conversations c on c.user_low_id = least(f.id, ${creatorId}::bigint)
                              and c.user_high_id = greatest(f.id, ${creatorId}::bigint)
      ), sent as (
        insert into messages (conversation_id, sender_id, text, is_locked, price_cents, mass_message_id)
        select conv.conversation_id, ${creatorId}, ${mass.text}, ${mass.priceCents > 0},
               ${mass.priceCents}, ${mass.id}
          from conv order by conv.conversation_id
        returning id, conversation_id, created_at
      ), attached as (
        insert into message_attachments (message_id, upload_id, position)
        select sent.id, a.upload_id, a.position
          from sent cross join mass_message_attachments a where a.mass_message_id = ${mass.id}
      ), touched as (
        update conversations c
           set last_message_id = sent.id, updated_at = now(),
               low_unread = c.low_unread + case when c.user_low_id = ${creatorId} then 0 else 1 end,
               high_unread = c.high_unread + case when c.user_high_id = ${creatorId} then 0 else 1 end
          from sent where c.id = sent.conversation_id
      ), notified as (
        insert into notifications (user_id, type, kind, data)
        select conv.fan_id, 'message', 'message_received',
               jsonb_build_object('conversation_id', conv.conversation_id, 'sender_id', ${creatorId}::bigint,
                                  'sender_username', ${notice.senderUsername}::text,
                                  'has_media', ${hasMedia}::boolean)
                 || ${JSON.stringify(notice.facts)}::jsonb
          from conv order by conv.fan_id
        returning id, user_id, created_at
      ), progressed as (
        update mass_messages
           set sent_count = sent_count + (select count(*) from sent),
               recipient_count = case when kind = 'welcome'
                                      then recipient_count + (select count(*) from sent)
                                      else recipient_count end
         where id = ${mass.id}
      )
      select sent.id as message_id, sent.conversation_id, sent.created_at, conv.fan_id,
             notified.id as notification_id, notified.created_at as notification_created_at
        from sent
        join conv on conv.conversation_id = sent.conversation_id
        join notified on notified.user_id = conv.fan_id`);
    return rows.map((row) => ({
      messageId: Number(row.message_id),
      conversationId: Number(row.conversation_id),
      createdAt: new Date(row.created_at),
      fanId: Number(row.fan_id),
      notificationId: Number(row.notification_id),
      notificationCreatedAt: new Date(row.notification_created_at),
    }));
  });
}

/** The unread badges of many users at once, for their live frames after a batch. */
export async function badgesOf(db: Database, userIds: number[]) {
  const { rows } = await db.execute<{ user_id: string; messages: number; notifications: number }>(
    sql`select user_id, coalesce(sum(messages), 0)::int as messages,
               coalesce(sum(notifications), 0)::int as notifications
          from unread_counts where user_id = any(${sql.param(userIds)}::bigint[])
         group by user_id`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.user_id),
      { messages: Number(row.messages), notifications: Number(row.notifications) },
    ]),
  );
}
