import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  massMessageAttachments,
  massMessages,
  mutes,
  uploads,
  type MassMessageRow,
} from '../../db/schema/index.ts';

export type MassMessageStats = {
  row: MassMessageRow;
  mediaCount: number;
  readCount: number;
  unlockedCount: number;
  grossCents: number;
  netCents: number;
};

export async function insertMassMessage(
  db: Executor,
  values: typeof massMessages.$inferInsert,
  uploadIds: string[],
): Promise<MassMessageRow> {
  const [row] = await db.insert(massMessages).values(values).returning();
  if (!row) throw new Error('mass message insert failed');
  if (uploadIds.length > 0) {
    await db
      .insert(massMessageAttachments)
      .values(
        uploadIds.map((uploadId, position) => ({ massMessageId: row.id, uploadId, position })),
      );
  }
  return row;
}

export async function findMassMessage(db: Executor, id: number) {
  return db.query.massMessages.findFirst({ where: eq(massMessages.id, id) });
}

export function attachedUploads(db: Executor, massMessageId: number) {
  return db
    .select({ upload: uploads })
    .from(massMessageAttachments)
    .innerJoin(uploads, eq(uploads.id, massMessageAttachments.uploadId))
    .where(eq(massMessageAttachments.massMessageId, massMessageId))
    .orderBy(massMessageAttachments.position)
    .then((rows) => rows.map((row) => row.upload));
}

export async function setStatus(
  db: Executor,
  id: number,
  status: MassMessageRow['status'],
  finished = false,
) {
  await db
    .update(massMessages)
    .set({ status, ...(finished ? { finishedAt: new Date() } : {}) })
    .where(eq(massMessages.id, id));
}

/** The creator's current welcome message, if any. */
export function findCurrentWelcome(db: Executor, creatorId: number) {
  return db.query.massMessages.findFirst({
    where: and(
      eq(massMessages.creatorId, creatorId),
      eq(massMessages.kind, 'welcome'),
      isNull(massMessages.retiredAt),
    ),
  });
}

/** Retires the current welcome message (its row and figures stay); answers whether one was. */
export async function retireWelcome(db: Executor, creatorId: number) {
  const rows = await db
    .update(massMessages)
    .set({ retiredAt: new Date() })
    .where(
      and(
        eq(massMessages.creatorId, creatorId),
        eq(massMessages.kind, 'welcome'),
        isNull(massMessages.retiredAt),
      ),
    )
    .returning({ id: massMessages.id });
  return rows.length > 0;
}

/**
 * Mass messages of a creator (of one kind, or the ones named) with their figures, newest first:
 * read copies, unlocked copies, and what the unlocks brought (gross, and net of the fee) from the
 * ledger transactions the existing unlock path wrote.
 */
export async function listWithStats(
  db: Executor,
  creatorId: number,
  filter: { kind: MassMessageRow['kind'] } | { ids: number[] },
  limit = 100,
): Promise<MassMessageStats[]> {
  const where =
    'kind' in filter
      ? sql`m.kind = ${filter.kind}`
      : sql`m.id = any(${sql.param(filter.ids)}::bigint[])`;
  const { rows } = await db.execute<{
    id: string;
    media_count: number;
    read_count: number;
    unlocked_count: number;
    gross: string;
    net: string;
  }>(sql`
    select m.id,
           (select count(*)::int from mass_message_attachments a where a.mass_message_id = m.id) as media_count,
           s.read_count, s.unlocked_count, s.gross, s.net
      from mass_messages m
      left join lateral (
        select count(*) filter (where x.read_at is not null)::int as read_count,
               count(u.message_id)::int as unlocked_count,
               coalesce(sum(t.amount_cents), 0)::bigint as gross,
               coalesce(sum(t.amount_cents - t.fee_cents), 0)::bigint as net
          from messages x
          left join message_unlocks u on u.message_id = x.id
          left join ledger_transactions t on t.id = u.transaction_id
         where x.mass_message_id = m.id) s on true
     where m.creator_id = ${creatorId} and ${where}
     order by m.created_at desc, m.id desc
     limit ${limit}`);
  if (rows.length === 0) return [];
  const full = await db.query.massMessages.findMany({
    where: sql`${massMessages.id} = any(${sql.param(rows.map((r) => Number(r.id)))}::bigint[])`,
  });
  const byId = new Map(full.map((row) => [row.id, row]));
  return rows.flatMap((stat) => {
    const row = byId.get(Number(stat.id));
    if (!row) return [];
    return [
      {
        row,
        mediaCount: Number(stat.media_count),
        readCount: Number(stat.read_count),
        unlockedCount: Number(stat.unlocked_count),
        grossCents: Number(stat.gross),
        netCents: Number(stat.net),
      },
    ];
  });
}

export async function insertMute(db: Executor, userId: number, mutedUserId: number) {
  await db.insert(mutes).values({ userId, mutedUserId }).onConflictDoNothing();
}

export async function deleteMute(db: Executor, userId: number, mutedUserId: number) {
  await db.delete(mutes).where(and(eq(mutes.userId, userId), eq(mutes.mutedUserId, mutedUserId)));
}

export async function isMuted(db: Executor, userId: number, mutedUserId: number) {
  const row = await db.query.mutes.findFirst({
    where: and(eq(mutes.userId, userId), eq(mutes.mutedUserId, mutedUserId)),
  });
  return row !== undefined;
}
