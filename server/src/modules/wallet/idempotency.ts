import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { AppError, BadRequestError } from '../../lib/errors.ts';

class IdempotencyConflictError extends AppError {
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

type KeyOptions = { userId: number; key: string | undefined; scope: string; body: unknown };
type Answer<T> = { status: number; body: T };

/** The status a key holds while its operation is begun but not finished (see beginIdempotent). */
const UNFINISHED = 0;

function checkedKey(key: string | undefined): string {
  if (!key)
    throw new BadRequestError(
      'An Idempotency-Key header is required for payments.',
      {},
      'idempotency_key_missing',
    );
  if (!KEY_PATTERN.test(key)) {
    throw new BadRequestError(
      'The Idempotency-Key must be 8 to 200 letters, digits, or . _ : -',
      {},
      'idempotency_key_invalid',
    );
  }
  return key;
}

const keyRow = (userId: number, key: string) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

/**
 * Claims the key in `tx`: answers undefined when this request is its first use (a concurrent
 * twin waits on the unique index meanwhile), or the row a previous use of it left. The same key
 * with a different body is refused.
 */
async function claimKey(tx: Tx, userId: number, key: string, hash: string) {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash: hash, statusCode: UNFINISHED, response: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return undefined;
  const [previous] = await tx.select().from(idempotencyKeys).where(keyRow(userId, key));
  if (!previous || previous.requestHash !== hash) throw new IdempotencyConflictError();
  return previous;
}

async function storeAnswer(tx: Tx, userId: number, key: string, answer: Answer<object>) {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: answer.status, response: answer.body })
    .where(keyRow(userId, key));
}

/**
 * Runs a paying operation at most once per (user, Idempotency-Key). The key row is inserted in
 * the operation's own transaction: a concurrent retry waits on the unique index and then gets
 * the stored answer; a failure rolls the key back so a retry may try again; the same key with a
 * different body is refused.
 */
export async function runIdempotent<T extends object>(
  db: Database,
  options: KeyOptions,
  operation: (tx: Tx) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  const key = checkedKey(options.key);
  const hash = requestHash(options.scope, options.body);
  return db.transaction(async (tx) => {
    const previous = await claimKey(tx, options.userId, key, hash);
    if (previous) return { status: previous.statusCode, body: previous.response as T };
    const result = await operation(tx);
    await storeAnswer(tx, options.userId, key, result);
    return result;
  });
}

/**
 * The first half of a paying operation that calls another service (a payment provider) between
 * two transactions, so that no transaction is open while it waits on the network. `start` runs
 * in the transaction that claims the key and answers the state the second half needs; the state
 * is committed under the key, so a retry after a failure resumes with the same state (the same
 * pending row, the same key for the provider) instead of starting over. Answers either the
 * stored answer of a finished request, or `{ key, state }` to carry on with.
 */
export async function beginIdempotent<T extends object, S extends object>(
  db: Database,
  options: KeyOptions,
  start: (tx: Tx) => Promise<S>,
): Promise<{ answer: Answer<T> } | { key: string; state: S }> {
  const key = checkedKey(options.key);
  const hash = requestHash(options.scope, options.body);
  return db.transaction(async (tx) => {
    const previous = await claimKey(tx, options.userId, key, hash);
    if (previous && previous.statusCode !== UNFINISHED) {
      return { answer: { status: previous.statusCode, body: previous.response as T } };
    }
    if (previous) return { key, state: previous.response as S };
    const state = await start(tx);
    await tx.update(idempotencyKeys).set({ response: state }).where(keyRow(options.userId, key));
    return { key, state };
  });
}

/**
 * The second half: runs `finish` and stores its answer under the key, in one transaction that
 * holds the key's row; a concurrent retry that finished first has its answer returned instead.
 */
export async function finishIdempotent<T extends object>(
  db: Database,
  userId: number,
  key: string,
  finish: (tx: Tx) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(idempotencyKeys).where(keyRow(userId, key)).for('update');
    if (row && row.statusCode !== UNFINISHED) {
      return { status: row.statusCode, body: row.response as T };
    }
    const result = await finish(tx);
    await storeAnswer(tx, userId, key, result);
    return result;
  });
}

/** The request's Idempotency-Key header, if it sent exactly one. */
export function idempotencyKeyOf(headers: Record<string, unknown>): string | undefined {
  const value = headers['idempotency-key'];
  return typeof value === 'string' ? value : undefined;
}

/** How long a paying request's answer is kept for its retries. */
const IDEMPOTENCY_KEY_DAYS = 7;

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
