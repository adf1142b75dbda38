import { z } from 'zod';
import { queryInteger } from '../../lib/validation.ts';

/** Opaque keyset cursor over (created_at, id), newest first. */
export type PostCursor = { createdAt: Date; id: number };

/** 9999-12-31T23:59:59.999Z, the last instant with a four-digit year. */
const MAX_CURSOR_MS = 253_402_300_799_999;

export function encodeCursor(cursor: PostCursor): string {
  return Buffer.from(`${cursor.createdAt.getTime()}_${cursor.id}`).toString('base64url');
}

/** The cursor as a key of cached pages ('' for the first page). */
export function cursorKey(cursor: PostCursor | undefined): string {
  return cursor ? `${cursor.createdAt.getTime()}_${cursor.id}` : '';
}

export function decodeCursor(value: string): PostCursor | undefined {
  const match = /^(\d{1,15})_(\d{1,15})$/.exec(Buffer.from(value, 'base64url').toString());
  if (!match) return undefined;
  const ms = Number(match[1]);
  // Past the year 9999 the ISO text of a Date is one PostgreSQL cannot read.
  if (ms > MAX_CURSOR_MS) return undefined;
  return { createdAt: new Date(ms), id: Number(match[2]) };
}

/**
 * The query of a keyset-paged list: `limit` (1 to `max`, `fallback` when absent) and `before`,
 * the cursor of the next page as a list's answer gives it (empty or absent: the first page).
 */
export function keysetPageQuery(max: number, fallback: number) {
  return z.object({
    limit: queryInteger('limit', 1, max).default(fallback),
    before: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === '') return undefined;
        const cursor = decodeCursor(value);
        if (!cursor) ctx.addIssue({ code: 'custom', message: 'before is not a valid cursor.' });
        return cursor;
      }),
  });
}
