import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { TooManyRequestsError } from './errors.ts';
import { announceLimit } from './rate-limit-headers.ts';

type Policy = {
  /** Requests allowed per window before RATE_LIMIT_SCALE is applied. */
  points: number;
  windowSeconds: number;
  message: string;
  /**
   * Its state is told on the answer (RateLimit-* headers, lib/rate-limit-headers.ts): limits of
   * the client's own address or the signed-in user's own activity. Limits of an account or a
   * target stay silent, as their counts would tell what others do.
   */
  announced?: true;
};

/**
 * Every rate limit of the platform, in one table so an operator can read them at a glance.
 * Each is multiplied by RATE_LIMIT_SCALE.
 */
export const RATE_LIMIT_POLICIES = {
  loginPerClient: {
    points: 20,
    windowSeconds: 60,
    message: 'Too many login attempts.',
    announced: true,
  },
  // One guesser on one account: its client address, or its device once that device has signed
  // in to the account. Failures of others never count here.
  loginPerGuesser: {
    points: 10,
    windowSeconds: 15 * 60,
    message: 'Too many login attempts for this account.',
  },
  // Backstop against guessing spread over many addresses. A known device is not held by it, so
  // whoever reaches it cannot lock the owner out.
  loginPerAccount: {
    points: 100,
    windowSeconds: 60 * 60,
    message: 'Too many login attempts for this account.',
  },
  signupPerClient: {
    points: 10,
    windowSeconds: 60 * 60,
    message: 'Too many sign-ups from this address.',
    announced: true,
  },
  // Mail to the owner of an address someone tried to sign up with; limited silently, as the
  // sign-up's answer must not reveal that the account exists.
  signupNoticePerAccount: {
    points: 3,
    windowSeconds: 60 * 60,
    message: 'Too many sign-ups for this address.',
  },
  resetPerClient: {
    points: 10,
    windowSeconds: 60 * 60,
    message: 'Too many password reset requests.',
    announced: true,
  },
  // Per-address reset mail is limited silently: the answer must not reveal that the account exists.
  resetMailPerAccount: {
    points: 3,
    windowSeconds: 60 * 60,
    message: 'Too many password reset requests.',
  },
  // Wrong two-factor codes (a million possible codes, three valid at a time).
  twoFactorPerAccount: {
    points: 5,
    windowSeconds: 15 * 60,
    message: 'Too many wrong codes.',
  },
  // Wrong passwords of a signed-in user confirming a security change (two-factor set-up and
  // turning it off): counted only when wrong (lib/guessing.ts), so a stolen session cannot try
  // passwords at will.
  accountPasswordPerUser: {
    points: 10,
    windowSeconds: 15 * 60,
    message: 'Too many wrong passwords.',
  },
  // Every new password hash of a user's (a locked post, a profile password): hashing is costly
  // and shares its capacity with everyone.
  passwordSetPerUser: {
    points: 20,
    windowSeconds: 60 * 60,
    message: 'Too many passwords set in a short time.',
    announced: true,
  },
  verifyResendPerClient: {
    points: 10,
    windowSeconds: 60 * 60,
    message: 'Too many verification mail requests.',
    announced: true,
  },
  // Past this the answer stays the same and no mail is sent: a signed-in client cannot flood
  // the address with mail.
  verifyMailPerAccount: {
    points: 3,
    windowSeconds: 60 * 60,
    message: 'Too many verification mail requests.',
  },
  tokenCheckPerClient: {
    points: 60,
    windowSeconds: 60,
    message: 'Too many requests.',
    announced: true,
  },
  refreshPerClient: {
    points: 120,
    windowSeconds: 60,
    message: 'Too many requests.',
    announced: true,
  },
  // Password guesses on locked content count only when wrong (lib/guessing.ts). A viewer has a
  // short cool-down per target and an hourly budget over all targets; the per-target ceiling is
  // a backstop far above what ten accounts reach, and it never stops a right password.
  profileUnlockPerViewerProfile: {
    points: 5,
    windowSeconds: 5 * 60,
    message: 'Too many unlock attempts for this profile.',
  },
  profileUnlockPerViewer: {
    points: 20,
    windowSeconds: 60 * 60,
    message: 'Too many unlock attempts.',
  },
  profileUnlockPerProfile: {
    points: 1000,
    windowSeconds: 60 * 60,
    message: 'Too many unlock attempts for this profile.',
  },
  postUnlockPerViewerPost: {
    points: 5,
    windowSeconds: 5 * 60,
    message: 'Too many unlock attempts for this post.',
  },
  postUnlockPerViewer: { points: 20, windowSeconds: 60 * 60, message: 'Too many unlock attempts.' },
  // Reports a user files: enough for anyone who meets real abuse, too few to flood the queue.
  reportsPerUser: {
    points: 20,
    windowSeconds: 60 * 60,
    message: 'Too many reports.',
    announced: true,
  },
  // Comments written and edited by a user: a lively thread, not a flood.
  commentsPerUser: {
    points: 30,
    windowSeconds: 60,
    message: 'Too many comments.',
    announced: true,
  },
  // Likes and unlikes: far above what a person clicks, low enough that a script cannot churn
  // counts and notices.
  likesPerUser: {
    points: 300,
    windowSeconds: 60,
    message: 'Too many likes.',
    announced: true,
  },
  // Deliveries to the federation inboxes (personal and shared) per remote host (the signing
  // key's, `federation/inbox-rate-limit.ts`): a busy server's bursts pass, a flood does not.
  inboxPerHost: {
    points: 600,
    windowSeconds: 60,
    message: 'Too many deliveries from your server.',
  },
  // Each test wakes a device through a third party's push service.
  pushTestsPerUser: {
    points: 10,
    windowSeconds: 60 * 60,
    message: 'Too many test notifications.',
    announced: true,
  },
  // Link-preview pictures made from a stored image (sharp): unfurlers fetch one per shared link;
  // a client walking every post id is turned away before it keeps the CPU busy converting.
  ogImageConversionsPerClient: {
    points: 60,
    windowSeconds: 60,
    message: 'Too many preview images.',
    announced: true,
  },
  // Files a user uploads, and their bytes: a creator filling the library with a few hundred
  // photos, not a script filling the disk. Bytes pass one largest upload (10 GiB) twice over.
  uploadsPerUser: {
    points: 500,
    windowSeconds: 60 * 60,
    message: 'Too many uploads in the last hour.',
    announced: true,
  },
  uploadBytesPerUser: {
    points: 20 * 1024 ** 3,
    windowSeconds: 60 * 60,
    message: 'Too many bytes uploaded in the last hour.',
  },
  // The leak tracer reads a whole image against several stored sizes: seconds of CPU each, so a
  // creator checks the copies they found, not a script the web.
  leakTracesPerUser: {
    points: 30,
    windowSeconds: 60 * 60,
    message: 'Too many leak traces in the last hour.',
    announced: true,
  },
  // Each lookup of a remote account fetches from another server (WebFinger, its actor): a
  // person searching, not a crawler using us to fetch the fediverse (issue 36).
  remoteLookupsPerUser: {
    points: 60,
    windowSeconds: 60 * 60,
    message: 'Too many remote account lookups in the last hour.',
    announced: true,
  },
  postUnlockPerPost: {
    points: 1000,
    windowSeconds: 60 * 60,
    message: 'Too many unlock attempts for this post.',
  },
} satisfies Record<string, Policy>;

export type RateLimitPolicy = keyof typeof RATE_LIMIT_POLICIES;

export type RateLimits = {
  /**
   * Counts one request (or `points`, e.g. bytes) against `policy` for `key`; throws
   * TooManyRequestsError past the limit.
   */
  consume: (policy: RateLimitPolicy, key: string, points?: number) => Promise<void>;
  /** Like consume, but answers false instead of throwing. */
  tryConsume: (policy: RateLimitPolicy, key: string) => Promise<boolean>;
  /** Forgets the count, e.g. a successful login clears the account's failures. */
  reset: (policy: RateLimitPolicy, key: string) => Promise<void>;
  /** Spends whatever is left of `key`'s budget: its next attempt waits for the window to pass. */
  useUp: (policy: RateLimitPolicy, key: string) => Promise<void>;
  /**
   * Counts one attempt against every `[policy, key]` before the attempt is checked, so parallel
   * requests cannot all slip in under a limit; past any limit it gives back what it took and
   * throws TooManyRequestsError. Answers a function that gives the points back, for attempts
   * that count only when they fail (a right password).
   */
  reserve: (...limits: [RateLimitPolicy, string][]) => Promise<() => Promise<void>>;
};

function tooMany(policy: RateLimitPolicy, msBeforeNext: number): TooManyRequestsError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const { message } = RATE_LIMIT_POLICIES[policy];
  return new TooManyRequestsError(`${message} Please try again in ${seconds} seconds.`, seconds);
}

/**
 * In memory by default; with a Redis client every instance counts against the same limits
 * (a guesser cannot spread attempts over instances), under `redisPrefix`, which keeps the
 * counts of deployments sharing a Redis server apart. While Redis is unreachable, in memory.
 */
export function createRateLimits(
  scale: number,
  redis?: Redis,
  redisPrefix = 'zura:rl',
): RateLimits {
  const limiters = new Map<RateLimitPolicy, RateLimiterAbstract>();
  for (const [name, policy] of Object.entries(RATE_LIMIT_POLICIES)) {
    const inMemory = new RateLimiterMemory({
      keyPrefix: name,
      points: Math.max(1, Math.ceil(policy.points * scale)),
      duration: policy.windowSeconds,
    });
    limiters.set(
      name as RateLimitPolicy,
      redis
        ? new RateLimiterRedis({
            storeClient: redis,
            keyPrefix: `${redisPrefix}:${name}`,
            points: Math.max(1, Math.ceil(policy.points * scale)),
            duration: policy.windowSeconds,
            // While Redis cannot be reached each instance counts on its own, rather than every
            // sign-in failing: limits stay, only no longer added up across instances.
            insuranceLimiter: inMemory,
          })
        : inMemory,
    );
  }
  const limiter = (policy: RateLimitPolicy) => limiters.get(policy) as RateLimiterAbstract;

  async function consume(policy: RateLimitPolicy, key: string, points = 1): Promise<void> {
    const policyLimiter = limiter(policy);
    const announced = (RATE_LIMIT_POLICIES[policy] as Policy).announced === true;
    try {
      const state = await policyLimiter.consume(key, points);
      if (announced) {
        announceLimit(policyLimiter.points, state.remainingPoints, state.msBeforeNext / 1000);
      }
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      if (announced) announceLimit(policyLimiter.points, 0, rejection.msBeforeNext / 1000);
      throw tooMany(policy, rejection.msBeforeNext);
    }
  }

  return {
    consume,
    async tryConsume(policy, key) {
      try {
        await consume(policy, key);
        return true;
      } catch (error) {
        if (error instanceof TooManyRequestsError) return false;
        throw error;
      }
    },
    async reset(policy, key) {
      await limiter(policy).delete(key);
    },
    async useUp(policy, key) {
      const policyLimiter = limiter(policy);
      await policyLimiter.penalty(key, policyLimiter.points);
    },
    async reserve(...limits) {
      const taken: [RateLimitPolicy, string][] = [];
      const giveBack = async () => {
        await Promise.all(taken.map(([policy, key]) => limiter(policy).reward(key, 1)));
        taken.length = 0;
      };
      try {
        for (const [policy, key] of limits) {
          await consume(policy, key);
          taken.push([policy, key]);
        }
      } catch (error) {
        await giveBack();
        throw error;
      }
      return giveBack;
    },
  };
}
