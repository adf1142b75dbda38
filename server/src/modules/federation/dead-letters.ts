import { AsyncLocalStorage } from 'node:async_hooks';
import { SendActivityError, type MessageQueue } from '@fedify/fedify';
import { desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { federationDeadLetters } from '../../db/schema/index.ts';

type Log = { error: (obj: object, msg: string) => void };

/** The fields of Fedify's outbox message (one delivery to one inbox) that are read here. */
type OutboxMessage = {
  type: 'outbox';
  activityId?: string;
  activityType: string;
  inbox: string;
  attempt: number;
};

function isOutboxMessage(message: unknown): message is OutboxMessage {
  if (typeof message !== 'object' || message === null) return false;
  const fields = message as Record<string, unknown>;
  return (
    fields.type === 'outbox' &&
    typeof fields.inbox === 'string' &&
    typeof fields.activityType === 'string' &&
    typeof fields.attempt === 'number'
  );
}

/** One delivery being handled: whether it failed, and whether Fedify queued it again. */
type Delivery = {
  message: OutboxMessage;
  failure?: { statusCode: number | null; error: string };
  queuedAgain: boolean;
};

/** What an admin sees of a dead letter: never the message itself (it holds signing keys). */
export type DeadLetter = {
  id: number;
  activityId: string | null;
  activityType: string;
  inbox: string;
  statusCode: number | null;
  error: string;
  attempts: number;
  failedAt: Date;
};

const ERROR_TEXT_MAX = 500;

/**
 * Dead letters: the deliveries Fedify gave up on, kept for the admins (issue 36). Fedify tells
 * of each failed attempt (`onOutboxError`) and re-queues the ones it retries, but says nothing
 * when it gives up. So the queue's handler runs each outbox message inside an async context:
 * a failure reported inside it marks that delivery, an enqueue inside it (a retry, or a hold
 * of the circuit breaker) marks it queued again, and a delivery that ends failed and not queued
 * again is a dead letter. The async context, not the activity's id, ties the report to its
 * delivery: one activity goes to many inboxes at once, and an unreachable inbox's error does
 * not name it.
 */
export function createDeadLetters(db: Database, log: Log) {
  const current = new AsyncLocalStorage<Delivery>();

  async function keep(delivery: Delivery, message: unknown) {
    const { failure } = delivery;
    if (!failure) return;
    await db.insert(federationDeadLetters).values({
      activityId: delivery.message.activityId ?? null,
      // Fedify names the type by its IRI (…/activitystreams#Create): the name is what admins read.
      activityType: delivery.message.activityType.replace(/^.*#/, ''),
      inbox: delivery.message.inbox,
      statusCode: failure.statusCode,
      error: failure.error.slice(0, ERROR_TEXT_MAX),
      attempts: delivery.message.attempt + 1,
      message,
    });
  }

  return {
    /** Fedify's `onOutboxError`: called inside the delivery's handler, for every attempt. */
    onOutboxError(error: Error) {
      const delivery = current.getStore();
      if (!delivery) return;
      delivery.failure = {
        statusCode: error instanceof SendActivityError ? error.statusCode : null,
        error: error.message || String(error),
      };
    },

    /** The queue Fedify is given: `queue`, with each outbox delivery watched as above. */
    watch(queue: MessageQueue): MessageQueue {
      const markQueuedAgain = () => {
        const delivery = current.getStore();
        if (delivery) delivery.queuedAgain = true;
      };
      return {
        nativeRetrial: queue.nativeRetrial,
        ...(queue.getDepth ? { getDepth: queue.getDepth.bind(queue) } : {}),
        async enqueue(message, options) {
          if (isOutboxMessage(message)) markQueuedAgain();
          await queue.enqueue(message, options);
        },
        async enqueueMany(messages, options) {
          if (messages.some(isOutboxMessage)) markQueuedAgain();
          if (queue.enqueueMany) await queue.enqueueMany(messages, options);
          else for (const message of messages) await queue.enqueue(message, options);
        },
        listen: (handler, options) =>
          queue.listen(async (message) => {
            if (!isOutboxMessage(message)) return handler(message);
            const delivery: Delivery = { message, queuedAgain: false };
            try {
              await current.run(delivery, () => handler(message));
            } finally {
              if (!delivery.queuedAgain) {
                await keep(delivery, message).catch((error: unknown) =>
                  log.error({ err: error }, 'federation: could not keep a dead letter'),
                );
              }
            }
          }, options),
      };
    },

    /** The newest dead letters first, `limit` a page, before the id `before`. */
    async list(limit: number, before?: number): Promise<DeadLetter[]> {
      return db
        .select({
          id: federationDeadLetters.id,
          activityId: federationDeadLetters.activityId,
          activityType: federationDeadLetters.activityType,
          inbox: federationDeadLetters.inbox,
          statusCode: federationDeadLetters.statusCode,
          error: federationDeadLetters.error,
          attempts: federationDeadLetters.attempts,
          failedAt: federationDeadLetters.failedAt,
        })
        .from(federationDeadLetters)
        .where(before === undefined ? undefined : lt(federationDeadLetters.id, before))
        .orderBy(desc(federationDeadLetters.id))
        .limit(limit);
    },

    /**
     * Sends a dead letter again, as a fresh delivery with all its attempts. The letter is taken
     * out first, so two admins clicking at once send it once; if it cannot be queued, it is put
     * back. False when there is no such letter.
     */
    async retry(id: number, queue: MessageQueue): Promise<boolean> {
      const [letter] = await db
        .delete(federationDeadLetters)
        .where(eq(federationDeadLetters.id, id))
        .returning();
      if (!letter) return false;
      const message = letter.message as Record<string, unknown>;
      try {
        await queue.enqueue({ ...message, attempt: 0, started: new Date().toISOString() });
      } catch (error) {
        await db.insert(federationDeadLetters).overridingSystemValue().values(letter);
        throw error;
      }
      return true;
    },

    /** Forgets a dead letter; false when there is none. */
    async discard(id: number): Promise<boolean> {
      const removed = await db
        .delete(federationDeadLetters)
        .where(eq(federationDeadLetters.id, id))
        .returning({ id: federationDeadLetters.id });
      return removed.length > 0;
    },
  };
}
