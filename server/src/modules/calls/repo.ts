import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { calls, users, type CallRow } from '../../db/schema/index.ts';

export type CallWithCaller = { call: CallRow; callerUsername: string | null };

function callsWithCaller(db: Executor) {
  return db
    .select({ call: calls, callerUsername: users.username })
    .from(calls)
    .leftJoin(users, eq(users.id, calls.callerId));
}

/**
 * A new ringing call of a conversation. A call of the same room still open is over: a new
 * announcement means its caller gave up on it (missed while it rang, ended once answered).
 */
export async function insertRingingCall(
  db: Executor,
  input: {
    conversationId: number;
    messageId: number;
    roomId: string;
    callerId: number;
    calleeId: number;
  },
): Promise<{ opened: CallRow; closed: CallRow[] }> {
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(calls)
      .set({
        state: sql`case when ${calls.state} = 'answered' then 'ended' else 'missed' end`,
        endedAt: sql`now()`,
      })
      .where(and(eq(calls.roomId, input.roomId), inArray(calls.state, ['ringing', 'answered'])))
      .returning();
    const [opened] = await tx.insert(calls).values(input).returning();
    if (!opened) throw new Error('call insert returned no row');
    return { opened, closed };
  });
}

export async function findCall(db: Executor, callId: number) {
  const [row] = await callsWithCaller(db).where(eq(calls.id, callId)).limit(1);
  return row;
}

/**
 * Calls ringing for `calleeId` that have not rung out, oldest first: read from the partial index
 * of open calls, which holds only ringing and answered ones.
 */
export function ringingFor(db: Executor, calleeId: number, ringSeconds: number) {
  return callsWithCaller(db)
    .where(
      and(
        eq(calls.calleeId, calleeId),
        eq(calls.state, 'ringing'),
        sql`${calls.createdAt} > now() - make_interval(secs => ${ringSeconds})`,
      ),
    )
    .orderBy(calls.createdAt);
}

/** The calls announced by these messages (set-based, for a page of the chat). */
export function callsOfMessages(db: Executor, messageIds: number[]) {
  if (messageIds.length === 0) return Promise.resolve([] as CallWithCaller[]);
  return callsWithCaller(db).where(inArray(calls.messageId, messageIds));
}

/**
 * Moves a call from one of `from` to `to`, only if it is still there (so two answers, or an
 * answer racing a hang-up, cannot both win). Undefined when it had moved on already.
 */
export async function moveCall(
  db: Executor,
  callId: number,
  from: CallRow['state'][],
  to: CallRow['state'],
) {
  const stamp =
    to === 'answered' ? { answeredAt: sql`now()` } : { endedAt: sql`coalesce(ended_at, now())` };
  const [row] = await db
    .update(calls)
    .set({ state: to, ...stamp })
    .where(and(eq(calls.id, callId), inArray(calls.state, from)))
    .returning();
  return row;
}
