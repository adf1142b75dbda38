import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creatorApplications, users, type ApplicationStatus } from '../../db/schema/index.ts';

export type ApplicationRow = typeof creatorApplications.$inferSelect;

export function latestApplicationOf(db: Executor, userId: number) {
  return db.query.creatorApplications.findFirst({
    where: eq(creatorApplications.userId, userId),
    orderBy: desc(creatorApplications.id),
  });
}

export async function insertApplication(
  db: Executor,
  values: typeof creatorApplications.$inferInsert,
) {
  const [row] = await db.insert(creatorApplications).values(values).returning();
  if (!row) throw new Error('application insert failed');
  return row;
}

export function listByStatus(db: Executor, status: ApplicationStatus) {
  return db
    .select({
      application: creatorApplications,
      email: users.email,
      currentUsername: users.username,
    })
    .from(creatorApplications)
    .innerJoin(users, eq(users.id, creatorApplications.userId))
    .where(eq(creatorApplications.status, status))
    .orderBy(
      status === 'pending' ? creatorApplications.createdAt : desc(creatorApplications.reviewedAt),
    )
    .limit(200);
}

/** pending → approved/rejected, once: two admins clicking at once cannot both decide. */
export async function decide(
  db: Executor,
  id: number,
  values: { status: 'approved' | 'rejected'; reviewedBy: number; rejectionReason?: string },
) {
  const [row] = await db
    .update(creatorApplications)
    .set({ ...values, reviewedAt: sql`now()` })
    .where(and(eq(creatorApplications.id, id), eq(creatorApplications.status, 'pending')))
    .returning();
  return row;
}
