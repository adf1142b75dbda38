import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bannedMedia,
  messageAttachments,
  messages,
  postComments,
  posts,
  reports,
  users,
  type ReportRow,
} from '../../db/schema/index.ts';

export type ReportStatus = ReportRow['status'];
export type ReportTargetRef = { targetType: ReportRow['targetType']; targetId: number };

export async function insertReport(db: Executor, values: typeof reports.$inferInsert) {
  const [row] = await db.insert(reports).values(values).returning();
  if (!row) throw new Error('report insert returned no row');
  return row;
}

export async function findOpenReport(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.status, 'open')))
    .limit(1);
  return row;
}

/** The reported targets with reports of `status`, the most recently reported first. */
export function listQueueTargets(db: Executor, status: ReportStatus, limit: number) {
  return db
    .select({ targetType: reports.targetType, targetId: reports.targetId })
    .from(reports)
    .where(eq(reports.status, status))
    .groupBy(reports.targetType, reports.targetId)
    .orderBy(desc(sql`max(${reports.createdAt})`), desc(sql`max(${reports.id})`))
    .limit(limit);
}

const sameTarget = (target: ReportTargetRef) =>
  and(eq(reports.targetType, target.targetType), eq(reports.targetId, target.targetId));

/** Every report of `status` on the targets, newest first. */
export function listReportsOf(db: Executor, status: ReportStatus, targets: ReportTargetRef[]) {
  if (targets.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(reports)
    .where(and(eq(reports.status, status), or(...targets.map(sameTarget))))
    .orderBy(desc(reports.createdAt), desc(reports.id));
}

/** Resolves every open report of the target at once; answers the reports it resolved. */
export function resolveOpenReportsOf(
  db: Executor,
  target: ReportTargetRef,
  resolution: { action: NonNullable<ReportRow['resolution']>; note: string | null; by: number },
) {
  return db
    .update(reports)
    .set({
      status: 'resolved',
      resolution: resolution.action,
      resolutionNote: resolution.note,
      resolvedAt: sql`now()`,
      resolvedBy: resolution.by,
    })
    .where(and(sameTarget(target), eq(reports.status, 'open')))
    .returning();
}

/** Usernames of the accounts that still exist among `ids`. */
export async function usernamesOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.username]));
}

export async function findPostById(db: Executor, id: number) {
  const [row] = await db.select().from(posts).where(eq(posts.id, id)).limit(1);
  return row;
}

export async function findCommentById(db: Executor, id: number) {
  const [row] = await db.select().from(postComments).where(eq(postComments.id, id)).limit(1);
  return row;
}

export async function findMessageById(db: Executor, id: number) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row;
}

/** Replaces a message's text with `notice` and opens it, so both sides read the notice. */
export async function replaceMessage(db: Executor, id: number, notice: string) {
  await db.delete(messageAttachments).where(eq(messageAttachments.messageId, id));
  await db
    .update(messages)
    .set({ text: notice, isLocked: false, priceCents: 0 })
    .where(eq(messages.id, id));
}

export async function banHashes(db: Executor, hashes: string[], reason: string) {
  if (hashes.length === 0) return;
  await db
    .insert(bannedMedia)
    .values(hashes.map((sha256) => ({ sha256, reason })))
    .onConflictDoNothing();
}
