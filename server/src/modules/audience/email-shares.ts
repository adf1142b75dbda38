import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailShares, users } from '../../db/schema/index.ts';

/** Records the fan's consent to show their email to this creator (kept if already given). */
export async function shareEmail(db: Executor, fanId: number, creatorId: number) {
  await db.insert(emailShares).values({ fanId, creatorId }).onConflictDoNothing();
}

/** The creators a fan shares their email with, newest consent first. */
export async function listEmailShares(db: Executor, fanId: number) {
  const rows = await db
    .select({
      creatorId: emailShares.creatorId,
      username: users.username,
      sharedAt: emailShares.sharedAt,
    })
    .from(emailShares)
    .innerJoin(users, eq(users.id, emailShares.creatorId))
    .where(eq(emailShares.fanId, fanId))
    .orderBy(desc(emailShares.sharedAt));
  return rows.map((row) => ({
    creator_id: row.creatorId,
    username: row.username,
    shared_at: row.sharedAt.toISOString(),
  }));
}

/** Withdraws the consent; answers whether there was one. */
export async function withdrawEmailShare(db: Executor, fanId: number, creatorId: number) {
  const rows = await db
    .delete(emailShares)
    .where(and(eq(emailShares.fanId, fanId), eq(emailShares.creatorId, creatorId)))
    .returning({ creatorId: emailShares.creatorId });
  return rows.length > 0;
}
