import { and, eq, isNull, like, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  leakTraces,
  mediaMarks,
  messageAttachments,
  postMedia,
  posts,
  uploads,
  users,
} from '../../db/schema/index.ts';

/**
 * An upload the tracer may match a suspect to by its look: an image some copy of which was
 * served marked, or a video whose stills (poster, thumbnail) were.
 */
export type TraceCandidate = Pick<
  typeof uploads.$inferSelect,
  'id' | 'ownerId' | 'storageKey' | 'contentType' | 'width' | 'variants' | 'perceptualHash'
>;

const candidateColumns = {
  id: uploads.id,
  ownerId: uploads.ownerId,
  storageKey: uploads.storageKey,
  contentType: uploads.contentType,
  width: uploads.width,
  variants: uploads.variants,
  perceptualHash: uploads.perceptualHash,
};

/** Only uploads with at least one mark can hold one: nothing else was ever served marked. */
const wasMarked = sql`exists (select 1 from ${mediaMarks} where ${mediaMarks.uploadId} = ${uploads.id})`;
const inReach = (ownerId: number | undefined) =>
  and(
    wasMarked,
    or(
      like(uploads.contentType, 'image/%'),
      and(like(uploads.contentType, 'video/%'), sql`${uploads.variants} ? 'poster'`),
    ),
    ownerId === undefined ? undefined : eq(uploads.ownerId, ownerId),
  );

/**
 * Marked images in reach whose perceptual hash is not made yet (made before it existed), and
 * marked videos', whose hash is their poster's and is made by the first trace that needs it.
 */
export function unhashedCandidates(db: Executor, ownerId: number | undefined, limit: number) {
  return db
    .select(candidateColumns)
    .from(uploads)
    .where(and(inReach(ownerId), isNull(uploads.perceptualHash)))
    .limit(limit);
}

export async function saveHash(db: Executor, uploadId: string, hash: bigint) {
  await db.update(uploads).set({ perceptualHash: hash }).where(eq(uploads.id, uploadId));
}

/**
 * The `limit` marked images in reach nearest to any of `hashes` (the suspect's central and whole
 * hashes), by bits differing, with that count.
 */
export function nearestCandidates(
  db: Executor,
  ownerId: number | undefined,
  hashes: bigint[],
  limit: number,
) {
  const distances = hashes.map(
    (hash) => sql`bit_count((${uploads.perceptualHash} # ${hash.toString()}::bigint)::bit(64))`,
  );
  const distance = sql<number>`least(${sql.join(distances, sql`, `)})::int`;
  return db
    .select({ ...candidateColumns, distance })
    .from(uploads)
    .where(and(inReach(ownerId), sql`${uploads.perceptualHash} is not null`))
    .orderBy(distance, uploads.id)
    .limit(limit);
}

/** The mark a payload names, with its recipient's current username (null once deleted). */
export async function markOf(db: Executor, serial: number) {
  const [row] = await db
    .select({
      uploadId: mediaMarks.uploadId,
      recipientId: mediaMarks.recipientId,
      username: users.username,
    })
    .from(mediaMarks)
    .leftJoin(users, eq(users.id, mediaMarks.recipientId))
    .where(eq(mediaMarks.serial, serial));
  return row;
}

/**
 * Where an upload is shown: the first post (its image, its video or one of its files), else a
 * message.
 */
export async function placeOf(db: Executor, uploadId: string) {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      sql`${posts.imageId} = ${uploadId} or ${posts.videoId} = ${uploadId} or exists (select 1 from ${postMedia} where ${postMedia.postId} = ${posts.id} and ${postMedia.uploadId} = ${uploadId})`,
    )
    .orderBy(posts.id)
    .limit(1);
  if (post) return { postId: post.id, messageId: null };
  const [message] = await db
    .select({ id: messageAttachments.messageId })
    .from(messageAttachments)
    .where(eq(messageAttachments.uploadId, uploadId))
    .orderBy(messageAttachments.messageId)
    .limit(1);
  return { postId: null, messageId: message?.id ?? null };
}

/**
 * Marked videos in reach whose marked variants are made, nearest in length to `durationMs`
 * (within a tenth, or two seconds): a leaked copy is the whole video, re-encoded.
 */
export function videoCandidates(
  db: Executor,
  ownerId: number | undefined,
  durationMs: number,
  limit: number,
) {
  const gap = sql<number>`abs(${uploads.durationMs} - ${durationMs})`;
  return db
    .select()
    .from(uploads)
    .where(
      and(
        wasMarked,
        like(uploads.contentType, 'video/%'),
        ownerId === undefined ? undefined : eq(uploads.ownerId, ownerId),
        sql`${uploads.renditions} ? 'marked'`,
        sql`${gap} <= greatest(2000, ${durationMs} / 10)`,
      ),
    )
    .orderBy(gap, uploads.id)
    .limit(limit);
}

/** Every recipient's serial of an upload: the codes a video trace compares. */
export function marksOfUpload(db: Executor, uploadId: string) {
  return db
    .select({ serial: mediaMarks.serial })
    .from(mediaMarks)
    .where(eq(mediaMarks.uploadId, uploadId));
}

export type NewLeakTrace = typeof leakTraces.$inferInsert;

export async function insertTrace(db: Executor, trace: NewLeakTrace) {
  const [row] = await db.insert(leakTraces).values(trace).returning();
  if (!row) throw new Error('leak trace not written');
  return row;
}

export async function findTrace(db: Executor, id: number) {
  const [row] = await db.select().from(leakTraces).where(eq(leakTraces.id, id));
  return row;
}

/** The post's author and text start, for the takedown notice. */
export async function postForNotice(db: Executor, postId: number) {
  const [row] = await db
    .select({
      id: posts.id,
      createdAt: posts.createdAt,
      authorId: posts.authorId,
      authorUsername: users.username,
      authorEmail: users.email,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.id, postId));
  return row;
}

/** Who owns an upload (a message attachment's sender), for the takedown notice. */
export async function ownerOfUpload(db: Executor, uploadId: string | null) {
  if (uploadId === null) return undefined;
  const [row] = await db
    .select({ username: users.username, email: users.email })
    .from(uploads)
    .innerJoin(users, eq(users.id, uploads.ownerId))
    .where(eq(uploads.id, uploadId));
  return row;
}

export async function isCreator(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ isCreator: users.isCreator })
    .from(users)
    .where(eq(users.id, userId));
  return row?.isCreator === true;
}
