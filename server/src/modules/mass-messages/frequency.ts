import { MASS_MESSAGE_MIN_GAP_MINUTES, MASS_MESSAGES_PER_DAY } from '@zura/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const EVERY =
  MASS_MESSAGE_MIN_GAP_MINUTES === 60
    ? 'once an hour'
    : `every ${MASS_MESSAGE_MIN_GAP_MINUTES} minutes`;

/** 429 with the moment the next mass message may go (`massMessageTooSoon` in contracts). */
class MassMessageTooSoonError extends TooManyRequestsError {
  readonly nextAt: Date;
  constructor(message: string, nextAt: Date, retryAfterSeconds: number) {
    super(message, retryAfterSeconds, 'mass_message_too_soon');
    this.nextAt = nextAt;
  }
  protected override extraBody() {
    return { next_at: this.nextAt.toISOString() };
  }
}

function inWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}

/**
 * Refuses a mass message sent too often: at most MASS_MESSAGES_PER_DAY in any 24 hours, each at
 * least MASS_MESSAGE_MIN_GAP_MINUTES after the last. Counted from the creator's own mass
 * messages (one that failed before reaching anybody does not count) under a lock per creator,
 * taken in the transaction that then inserts the new one, so parallel sends queue and each sees
 * the one before. Times are the database's, as the rows' are.
 */
export async function assertMayMassMessage(tx: Tx, creatorId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('mass_message_frequency'), ${creatorId}::int)`,
  );
  const { rows } = await tx.execute<{ sent_at: Date | string; now: Date | string }>(
    sql`select created_at as sent_at, now() as now from mass_messages
         where creator_id = ${creatorId} and kind = 'mass'
           and created_at > now() - interval '24 hours'
           and not (status = 'failed' and sent_count = 0)
         order by created_at desc`,
  );
  const first = rows[0];
  if (!first) return;
  const now = new Date(first.now).getTime();
  const sent = rows.map((row) => new Date(row.sent_at).getTime());
  const byGap = (sent[0] ?? 0) + MASS_MESSAGE_MIN_GAP_MINUTES * MINUTE_MS;
  // The oldest of the last MASS_MESSAGES_PER_DAY leaves the window 24 hours after it was sent.
  const byDay =
    sent.length >= MASS_MESSAGES_PER_DAY ? (sent[MASS_MESSAGES_PER_DAY - 1] ?? 0) + DAY_MS : 0;
  const nextAt = Math.max(byGap, byDay);
  if (nextAt <= now) return;
  throw new MassMessageTooSoonError(
    `You can send a mass message ${EVERY}, at most ${MASS_MESSAGES_PER_DAY} a day. ` +
      `The next one can go out in ${inWords(nextAt - now)}.`,
    new Date(nextAt),
    Math.ceil((nextAt - now) / 1000),
  );
}
