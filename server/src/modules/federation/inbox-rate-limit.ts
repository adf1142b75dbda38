import type { FastifyRequest } from 'fastify';
import { errorBody, TooManyRequestsError } from '../../lib/errors.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';

/** `keyId="https://host/users/a#main-key"` (draft-cavage) or `keyid="..."` (RFC 9421). */
const KEY_ID = /\bkeyid="([^"]{1,2000})"/i;

/**
 * What a delivery is counted against: the host of the key that signed it (every server signs
 * each delivery with a key on its own origin) from the client's address, else the address
 * alone, so unsigned floods are limited too. The address is part of it because the key is not
 * verified yet: a sender naming another server's key spends its own budget, not that server's.
 */
function deliveringHostOf(request: FastifyRequest): string {
  const header = request.headers['signature-input'] ?? request.headers.signature;
  const keyId = KEY_ID.exec(Array.isArray(header) ? header.join(',') : (header ?? ''))?.[1];
  if (keyId) {
    try {
      return `host:${new URL(keyId).host.toLowerCase()} ip:${request.ip}`;
    } catch {
      // Not a URL: counted by address below.
    }
  }
  return `ip:${request.ip}`;
}

/**
 * The inboxes' limit (`inboxPerHost`), checked before a delivery's body is read or its
 * signature verified: a 429 answer when its host is over it, else undefined.
 */
export async function inboxRateLimitRefusal(rateLimits: RateLimits, request: FastifyRequest) {
  try {
    await rateLimits.consume('inboxPerHost', deliveringHostOf(request));
    return undefined;
  } catch (error) {
    if (!(error instanceof TooManyRequestsError)) throw error;
    return {
      retryAfterSeconds: error.retryAfterSeconds,
      body: errorBody('rate_limited', error.message),
    };
  }
}
