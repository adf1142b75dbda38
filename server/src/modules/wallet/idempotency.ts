import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { AppError, BadRequestError } from '../../lib/errors.ts';

export class IdempotencyConflictError extends AppError {
  constructor() {
    super(
      422,
      'idempotency_conflict',
      'This Idempotency-Key was already used for a different request.',
    );
  }
}

const KEY_PATTERN = /^[\w.:-]{8,200}$/;

function requestHash(scope: string, body: unknown): string {
  return createHash('sha256')
    .update(scope)
    .update('\n')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

/**
 * Runs a paying operation at most once per (user, Idempotency-Key). The key row is inserted in
 * the operation's own transaction: a concurrent retry waits on the unique index and then gets
 * the stored answer; a failure rolls the key back so a retry may try again; the same key with a
 * different body is refused.
 */
export async function runIdempotent<T extends object>(
  db: Database,
  options: { userId: number; key: string | undefined; scope: string; body: unknown },
  operation: (tx: Tx) => Promise<{ status: number; body: T }>,
): Promise<{ status: number; body: T }> {
  const { userId, key, scope } = options;
  if (!key) throw new BadRequestError('An Idempotency-Key header is required for payments.');
  if (!KEY_PATTERN.test(key)) {
    throw new BadRequestError('The Idempotency-Key must be 8 to 200 letters, digits, or . _ : -');
  }
  const hash = requestHash(scope, options.body);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: hash, statusCode: 0, response: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 0) {
      const [previous] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!previous || previous.requestHash !== hash) throw new IdempotencyConflictError();
      return { status: previous.statusCode, body: previous.response as T };
    }
    const result = await operation(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: result.status, response: result.body })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return result;
  });
}

/** The request's Idempotency-Key header, if it sent exactly one. */
export function idempotencyKeyOf(headers: Record<string, unknown>): string | undefined {
  const value = headers['idempotency-key'];
  return typeof value === 'string' ? value : undefined;
}

/** How long a paying request's answer is kept for its retries. */
export const IDEMPOTENCY_KEY_DAYS = 7;

/**
 * Forgets Idempotency-Keys older than `days`: a retry comes within minutes, and a key kept for
 * ever would make the table grow with every payment. Answers how many were removed.
 */
export async function expireIdempotencyKeys(
  db: Database,
  days = IDEMPOTENCY_KEY_DAYS,
): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${days})`))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
