import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from './errors.ts';
import { createHashingLanes, type HashingLane } from './hashing-lanes.ts';
import type { RateLimits } from './rate-limits.ts';

export type { HashingLane } from './hashing-lanes.ts';

// Argon2id (the library's default algorithm) with OWASP's second recommended profile:
// 19 MiB, 2 passes. @node-rs/argon2 runs on libuv's thread pool, off the event loop.
export const PRODUCTION_HASHING = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Argon2's floor (8 KiB, one pass), for test servers only (`PASSWORD_HASHING=cheap-for-tests`):
 * every test user would otherwise pay a full hash, a core busy for tens of milliseconds. A hash
 * carries its own parameters, so hashes made either way verify either way.
 */
export const CHEAP_TEST_HASHING = { memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

export type PasswordHashing = 'production' | 'cheap-for-tests';

let options: typeof PRODUCTION_HASHING | typeof CHEAP_TEST_HASHING = PRODUCTION_HASHING;
/** dummyPasswordHash's, made again when the parameters change: it costs what a user's costs. */
let dummyHash: Promise<string> | undefined;

/** Set once at start-up from the configuration (`startRuntime`); production unless told. */
export function usePasswordHashing(hashing: PasswordHashing): void {
  const next = hashing === 'cheap-for-tests' ? CHEAP_TEST_HASHING : PRODUCTION_HASHING;
  if (next !== options) dummyHash = undefined;
  options = next;
}

export class PasswordHashingBusyError extends AppError {
  readonly retryAfterSeconds = 2;
  constructor() {
    super(
      503,
      'server_busy',
      'The server is busy signing people in. Please try again in a moment.',
    );
  }
}

/**
 * At most (cores - 1) hashes at once, so one core always stays free for the event loop and
 * PostgreSQL: a burst of logins slows logins, never the rest of the API (see the mixed
 * benchmark in docs/benchmarks.md). Past a lane's queue limit (about 2 s of hashing for
 * sign-in, a third of that for the rest) a request is told to come back instead of waiting;
 * the lanes keep sign-in going while other hashing is queued (see hashing-lanes.ts).
 */
const concurrency = Math.max(1, availableParallelism() - 1);
const lanes = createHashingLanes({
  concurrency,
  maxQueued: { 'sign-in': concurrency * 300, general: concurrency * 100 },
  busy: () => new PasswordHashingBusyError(),
});

export function hashPassword(password: string, lane: HashingLane): Promise<string> {
  return lanes.run(lane, () => hash(password, options));
}

export async function verifyPassword(
  hashed: string,
  password: string,
  lane: HashingLane,
): Promise<boolean> {
  return lanes.run(lane, async () => {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  });
}

/**
 * A new password a user sets (a locked post, a profile password), hashed within the user's
 * budget, so no one user can fill the hashing queue.
 */
export async function hashNewPassword(
  rateLimits: RateLimits,
  userId: number,
  password: string,
): Promise<string> {
  await rateLimits.consume('passwordSetPerUser', String(userId));
  return hashPassword(password, 'general');
}

/** A real hash to verify against when the account does not exist, so timing reveals nothing. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-but-the-same-work', 'sign-in');
  return dummyHash;
}
