import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import webPush from 'web-push';
import type { PushPayload } from '@zura/contracts';
import {
  endpointSyntaxProblem,
  guardedLookup,
  RefusedEndpointError,
  resolveAllowed,
  type EndpointPolicy,
} from './endpoint-guard.ts';
import type { VapidKeys } from './vapid.ts';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/**
 * `gone`: the push service no longer knows the subscription (404/410); `refused`: the endpoint
 * is no push service the server may reach (its host resolves to a private address). Either way
 * the subscription is dropped.
 */
export type PushOutcome = 'sent' | 'gone' | 'refused';

/** A push service that does not answer in this time is a failure, retried by the job. */
const PUSH_TIMEOUT_MS = 10_000;

function post(
  endpoint: string,
  details: { method: string; headers: Record<string, string>; body: Buffer | null },
  policy: EndpointPolicy,
): Promise<number> {
  const url = new URL(endpoint);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: details.method,
        headers: details.headers,
        // The address connected to is the one checked: no second resolution a name could
        // answer differently. Address literals skip `lookup`; they were checked before.
        lookup: guardedLookup(policy),
        agent: false,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}

/**
 * Encrypts the payload for the device (aes128gcm, RFC 8291) and signs the request (VAPID, RFC
 * 8292) with `web-push`, then posts it itself, to an address `endpoint-guard.ts` allows (plain
 * http only to the loopback push services tests start, under PUSH_LOOPBACK_HTTP). Redirects are
 * not followed. Any answer other than 2xx, 404 and 410 throws, so the job retries it.
 */
export function createPushSender(vapid: VapidKeys, subject: string, policy: EndpointPolicy) {
  return async function send(
    target: PushTarget,
    payload: PushPayload,
    options: { ttlSeconds: number },
  ): Promise<PushOutcome> {
    if (endpointSyntaxProblem(target.endpoint, policy)) return 'refused';
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
    let status: number;
    try {
      const host = new URL(details.endpoint).hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) !== 0) await resolveAllowed(host, policy);
      status = await post(
        details.endpoint,
        {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ?? null,
        },
        policy,
      );
    } catch (error) {
      if (error instanceof RefusedEndpointError) return 'refused';
      throw error;
    }
    if (status === 404 || status === 410) return 'gone';
    if (status < 200 || status > 299) throw new Error(`push service answered ${status}`);
    return 'sent';
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
