import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bannedMedia,
  uploads,
  users,
  type UploadContext,
  type UploadRow,
} from '../../db/schema/index.ts';

export function findOwnUpload(db: Executor, ownerId: number, id: string) {
  return db.query.uploads.findFirst({
    where: and(eq(uploads.id, id), eq(uploads.ownerId, ownerId)),
  });
}

export function findUploadById(db: Executor, id: string) {
  return db.query.uploads.findFirst({ where: eq(uploads.id, id) });
}

export function findBySha256(
  db: Executor,
  ownerId: number,
  context: UploadContext,
  sha256: string,
) {
  return db.query.uploads.findFirst({
    where: and(
      eq(uploads.ownerId, ownerId),
      eq(uploads.context, context),
      eq(uploads.sha256, sha256),
    ),
  });
}

/** Inserts unless the owner already has these bytes in this context; answers the row either way. */
export async function insertOrFindUpload(
  db: Executor,
  values: Omit<typeof uploads.$inferInsert, 'id' | 'createdAt'>,
): Promise<{ row: UploadRow; created: boolean }> {
  const [inserted] = await db.insert(uploads).values(values).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, created: true };
  const existing = await findBySha256(db, values.ownerId, values.context, values.sha256);
  if (!existing) throw new Error('upload conflict without an existing row');
  return { row: existing, created: false };
}

export type UploadCursor = { createdAt: Date; id: string };

export function listOwnUploads(
  db: Executor,
  ownerId: number,
  options: { context?: UploadContext; before?: UploadCursor; limit: number },
) {
  const conditions: SQL[] = [eq(uploads.ownerId, ownerId)];
  if (options.context) conditions.push(eq(uploads.context, options.context));
  if (options.before) {
    const { createdAt, id } = options.before;
    conditions.push(
      or(
        lt(uploads.createdAt, createdAt),
        and(eq(uploads.createdAt, createdAt), lt(uploads.id, id)),
      ) as SQL,
    );
  }
  return db
    .select()
    .from(uploads)
    .where(and(...conditions))
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(options.limit);
}

export async function deleteUpload(db: Executor, ownerId: number, id: string) {
  const [row] = await db
    .delete(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.ownerId, ownerId)))
    .returning();
  return row;
}

/** Whether a post, a profile or a pending creator application still shows this upload. */
export async function isUploadReferenced(db: Executor, id: string): Promise<boolean> {
  const result = await db.execute<{ used: boolean }>(sql`
    select exists (select 1 from post_media where upload_id = ${id})
        or exists (select 1 from users where profile_image_id = ${id} or cover_image_id = ${id})
        or exists (select 1 from creator_applications where status = 'pending'
                     and (profile_image_id = ${id} or cover_image_id = ${id})) as used`);
  return result.rows[0]?.used === true;
}

/** Whether these bytes were removed by a moderator as illegal content and may not come back. */
export async function isBannedHash(db: Executor, sha256: string): Promise<boolean> {
  const [row] = await db
    .select({ sha256: bannedMedia.sha256 })
    .from(bannedMedia)
    .where(eq(bannedMedia.sha256, sha256))
    .limit(1);
  return row !== undefined;
}

/** What the upload checks need to know of the uploader. */
export async function findUploader(db: Executor, userId: number) {
  const [row] = await db
    .select({
      isCreator: users.isCreator,
      isAdmin: users.isAdmin,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Bytes of the originals the owner stores (variants and renditions are the platform's). */
export async function storedBytes(db: Executor, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${uploads.sizeBytes}), 0)` })
    .from(uploads)
    .where(eq(uploads.ownerId, ownerId));
  return Number(row?.total ?? 0);
}

/** The owner's videos waiting for or in their transcode. */
export async function processingVideos(db: Executor, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), eq(uploads.videoState, 'processing')));
  return row?.count ?? 0;
}

/**
 * Holds the owner's quota lock until the transaction ends, so two uploads finishing at once
 * cannot both fit in the room only one of them has.
 */
export async function lockOwnerQuota(tx: Executor, ownerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('upload-quota'), ${ownerId})`);
}
