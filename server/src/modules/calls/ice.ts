import { createHmac } from 'node:crypto';

export type IceServer = { urls: string[]; username?: string; credential?: string };

/**
 * STUN as configured, and TURN with coturn's time-limited credentials (its REST API scheme,
 * `use-auth-secret`): the username carries the expiry, the password is an HMAC of it.
 */
export function iceServersFor(
  userId: number,
  ice: { stunUrls: string[]; turnUrls: string[]; turnSecret: string | undefined },
  now = Date.now(),
  lifetimeSeconds = 12 * 60 * 60,
): IceServer[] {
  const servers: IceServer[] = [];
  if (ice.stunUrls.length > 0) servers.push({ urls: ice.stunUrls });
  if (ice.turnUrls.length > 0 && ice.turnSecret) {
    const username = `${Math.floor(now / 1000) + lifetimeSeconds}:${userId}`;
    const credential = createHmac('sha1', ice.turnSecret).update(username).digest('base64');
    servers.push({ urls: ice.turnUrls, username, credential });
  }
  return servers;
}
