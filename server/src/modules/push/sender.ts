import webPush from 'web-push';
import type { PushPayload } from '@zura/contracts';
import type { VapidKeys } from './vapid.ts';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** `gone`: the push service no longer knows the subscription (404/410); drop it. */
export type PushOutcome = 'sent' | 'gone';

/** A push service that does not answer in this time is a failure, retried by the job. */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Encrypts the payload for the device (aes128gcm, RFC 8291) and signs the request (VAPID, RFC
 * 8292) with `web-push`, then posts it with fetch, which also reaches the plain-http loopback
 * endpoints tests start (web-push's own sender speaks https only). Any answer other than 2xx,
 * 404 and 410 throws, so the job retries it.
 */
export function createPushSender(vapid: VapidKeys, subject: string) {
  return async function send(
    target: PushTarget,
    payload: PushPayload,
    options: { ttlSeconds: number },
  ): Promise<PushOutcome> {
    const details = webPush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: options.ttlSeconds,
        contentEncoding: 'aes128gcm',
        urgency: 'high',
      },
    );
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ?? null,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      redirect: 'error',
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return 'gone';
    if (!response.ok) throw new Error(`push service answered ${response.status}`);
    return 'sent';
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
