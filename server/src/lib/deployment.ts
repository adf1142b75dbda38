import { createHash } from 'node:crypto';

/**
 * A short name for one deployment in a shared Redis: the same for its instances (they share the
 * signing secret), different for other deployments on the same Redis server, and revealing
 * nothing of the secret.
 */
export function deploymentTag(jwtKey: Uint8Array): string {
  return createHash('sha256').update(jwtKey).digest('hex').slice(0, 16);
}
