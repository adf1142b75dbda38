import { LANGUAGES, type PushPayload, type PushSubscriptionInput } from '@zura/contracts';
import type { Database } from '../../db/client.ts';
import type { EventBus, LiveEvent } from '../../events/bus.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import { isPushed, payloadOf, TEST_PAYLOAD, TEST_TTL_SECONDS } from './payloads.ts';
import type { Presence } from './presence.ts';
import * as repo from './repo.ts';
import {
  endpointSyntaxProblem,
  RefusedEndpointError,
  resolveAllowed,
  type EndpointPolicy,
} from './endpoint-guard.ts';
import type { PushSender } from './sender.ts';

export type PushDelivery = { subscriptionId: number; payload: PushPayload; ttlSeconds: number };

/**
 * Why a device's endpoint is refused, asked at subscribe time for a quick answer (the sender
 * checks again at each send, on the address it connects to): an https:// URL naming a host
 * whose every address is public (`endpoint-guard.ts`).
 */
async function endpointProblem(endpoint: string, policy: EndpointPolicy) {
  const problem = endpointSyntaxProblem(endpoint, policy);
  if (problem) return problem;
  try {
    await resolveAllowed(new URL(endpoint).hostname, policy);
    return undefined;
  } catch (error) {
    if (error instanceof RefusedEndpointError) {
      return "must be a push service on the public internet; this host's address is private or local";
    }
    return "must name a push service's host that can be found";
  }
}

export function createPushService(deps: {
  db: Database;
  jobs: JobQueue;
  presence: Presence;
  rateLimits: RateLimits;
  publicKey: string;
  policy: EndpointPolicy;
  send: PushSender;
}) {
  const { db, jobs, presence } = deps;

  return {
    publicKey: () => ({ public_key: deps.publicKey }),

    async subscribe(userId: number, sessionId: number, input: PushSubscriptionInput) {
      const problem = await endpointProblem(input.endpoint, deps.policy);
      if (problem) throw new ValidationError({ endpoint: [problem] });
      await repo.saveSubscription(db, {
        userId,
        sessionId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
      });
      return { subscribed: true };
    },

    async unsubscribe(sessionId: number) {
      await repo.deleteSessionSubscriptions(db, sessionId);
      return { subscribed: false };
    },

    async state(sessionId: number) {
      return { subscribed: (await repo.findSessionSubscription(db, sessionId)) !== undefined };
    },

    /** Queues a test push to this device; 404 when this sign-in has not turned pushes on. */
    async sendTest(userId: number, sessionId: number) {
      await deps.rateLimits.consume('pushTestsPerUser', String(userId));
      const found = await repo.findSessionSubscription(db, sessionId);
      if (!found) throw new NotFoundError('Notifications are not turned on for this device.');
      await jobs.send('push-deliver', {
        subscriptionId: found.id,
        payload: TEST_PAYLOAD,
        ttlSeconds: TEST_TTL_SECONDS,
      });
      return { detail: 'Test notification sent.' };
    },

    /**
     * Job `push-notify`: each notification's user with no live socket open gets one delivery
     * job per device, so one slow or failing push service retries alone.
     */
    async fanOut(notificationIds: number[]) {
      const found = (await repo.findNotifications(db, notificationIds)).filter(
        ({ notification: row }) => isPushed(row.type) && !presence.isOnline(row.userId),
      );
      const rows = found.map(({ notification }) => notification);
      const languages = new Map(found.map((row) => [row.notification.id, row.language]));
      const userIds = [...new Set(rows.map((row) => row.userId))];
      const devices = new Map<number, number[]>();
      for (const { id, userId } of await repo.subscriptionIdsOf(db, userIds)) {
        devices.set(userId, [...(devices.get(userId) ?? []), id]);
      }
      for (const row of rows) {
        // In the recipient's saved language, English until they save one.
        const language = LANGUAGES.find((code) => code === languages.get(row.id)) ?? 'en';
        const { payload, ttlSeconds } = payloadOf(row, language);
        for (const subscriptionId of devices.get(row.userId) ?? []) {
          await jobs.send('push-deliver', { subscriptionId, payload, ttlSeconds });
        }
      }
    },

    /**
     * Job `push-deliver`: a subscription the push service no longer knows is deleted, and so is
     * one whose host now resolves to an address the server may not reach.
     */
    async deliver(delivery: PushDelivery) {
      const target = await repo.findSubscription(db, delivery.subscriptionId);
      if (!target) return;
      const outcome = await deps.send(target, delivery.payload, {
        ttlSeconds: delivery.ttlSeconds,
      });
      if (outcome !== 'sent') await repo.deleteSubscription(db, target.id);
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;

/**
 * The live bus, also queueing a push for every pushed notification it carries: every path that
 * notifies a user (messages, calls, mass messages, subscriptions, tips) publishes its
 * notification frame after commit, so this one place sees them all. Queueing never fails the
 * action that notified.
 */
export function busWithPush(
  bus: EventBus,
  queue: (notificationIds: number[]) => Promise<void>,
  log: { warn: (obj: object, msg: string) => void },
): EventBus {
  const pushedIds = (events: LiveEvent[]) =>
    events.flatMap((event) => {
      if (event.frame.type !== 'notification') return [];
      const notification = event.frame.notification as {
        id?: unknown;
        notification_type?: unknown;
      };
      return typeof notification.id === 'number' && isPushed(notification.notification_type)
        ? [notification.id]
        : [];
    });
  return {
    async publish(events) {
      await bus.publish(events);
      const ids = pushedIds(events);
      if (ids.length === 0) return;
      await queue(ids).catch((error: unknown) =>
        log.warn({ err: error, notificationIds: ids }, 'push: enqueue failed'),
      );
    },
    subscribe: (handler) => bus.subscribe(handler),
    close: () => bus.close(),
  };
}
