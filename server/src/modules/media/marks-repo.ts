import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { mediaMarks } from '../../db/schema/index.ts';

/**
 * The serial of (upload, recipient), made on first use: it is the payload hidden in that
 * recipient's marked copy. Insert-or-nothing then read, so two first requests racing on two
 * instances agree on one serial.
 */
export async function markSerialOf(
  db: Executor,
  uploadId: string,
  recipientId: number,
): Promise<number> {
  const [made] = await db
    .insert(mediaMarks)
    .values({ uploadId, recipientId })
    .onConflictDoNothing({ target: [mediaMarks.uploadId, mediaMarks.recipientId] })
    .returning({ serial: mediaMarks.serial });
  if (made) return made.serial;
  const [kept] = await db
    .select({ serial: mediaMarks.serial })
    .from(mediaMarks)
    .where(and(eq(mediaMarks.uploadId, uploadId), eq(mediaMarks.recipientId, recipientId)));
  if (!kept) throw new Error(`media mark of ${uploadId} for ${recipientId} vanished`);
  return kept.serial;
}
