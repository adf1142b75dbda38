import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { AppError } from './errors.ts';

// Argon2id (the library's default algorithm) with OWASP's second recommended profile:
// 19 MiB, 2 passes. @node-rs/argon2 runs on libuv's thread pool, off the event loop.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most (cores - 1) hashes at once, so one core always stays free for the event loop and
 * PostgreSQL: a burst of logins slows logins, never the rest of the API (see the mixed
 * benchmark in docs/benchmarks.md). Past the queue limit (about 2 s of hashing) a request is
 * told to come back instead of waiting.
 */
const concurrency = Math.max(1, availableParallelism() - 1);
const limit = pLimit(concurrency);
const MAX_QUEUED = concurrency * 300;

export class PasswordHashingBusyError extends AppError {
  readonly retryAfterSeconds = 2;
  constructor() {
    super(503, 'busy', 'The server is busy signing people in. Please try again in a moment.');
  }
}

function hashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (limit.pendingCount >= MAX_QUEUED) return Promise.reject(new PasswordHashingBusyError());
  return limit(work);
}

export function hashPassword(password: string): Promise<string> {
  return hashingSlot(() => hash(password, options));
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  return hashingSlot(async () => {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  });
}

/** A real hash to verify against when the account does not exist, so timing reveals nothing. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-but-the-same-work');
  return dummyHash;
}
