import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userSettings } from '../../db/schema/index.ts';

/**
 * Whether the creator publishes their public posts to the fediverse (the setting
 * `publishToFediverse`, on unless turned off): off, the outbox, the Atom feed and each post's
 * Note show nothing, and the publisher sends `Delete` of what it had sent (`publisher.ts`).
 */
export async function publishesToFediverse(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({
      off: sql<boolean>`${userSettings.settings} -> 'publishToFediverse' = 'false'::jsonb`,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.off !== true;
}
