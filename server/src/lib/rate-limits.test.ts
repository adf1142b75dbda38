import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from './errors.ts';
import { createRateLimits, RATE_LIMIT_POLICIES } from './rate-limits.ts';

const PER_VIEWER = RATE_LIMIT_POLICIES.postUnlockPerViewer.points;
const PER_POST = RATE_LIMIT_POLICIES.postUnlockPerPost.points;

describe('reserve', () => {
  it('counts against every limit before the attempt and throws past one', async () => {
    const limits = createRateLimits(1);
    for (let i = 0; i < PER_VIEWER; i++) {
      await limits.reserve(['postUnlockPerViewer', 'v'], ['postUnlockPerPost', 'p']);
    }
    await expect(
      limits.reserve(['postUnlockPerViewer', 'v'], ['postUnlockPerPost', 'p']),
    ).rejects.toBeInstanceOf(TooManyRequestsError);
    // The refused attempt took nothing from the post's budget: another viewer has the rest.
    for (let i = 0; i < PER_POST - PER_VIEWER; i++) {
      await limits.reserve(['postUnlockPerViewer', `w${i}`], ['postUnlockPerPost', 'p']);
    }
    await expect(
      limits.reserve(['postUnlockPerViewer', 'fresh'], ['postUnlockPerPost', 'p']),
    ).rejects.toThrow(/^Too many unlock attempts for this post\./);
  });

  it('gives back what it took when a later limit refuses', async () => {
    const limits = createRateLimits(1);
    for (let i = 0; i < PER_POST; i++) await limits.consume('postUnlockPerPost', 'p');
    for (let i = 0; i < PER_VIEWER + 5; i++) {
      await expect(
        limits.reserve(['postUnlockPerViewer', 'v'], ['postUnlockPerPost', 'p']),
      ).rejects.toThrow(/for this post/);
    }
    // The viewer's budget is whole.
    for (let i = 0; i < PER_VIEWER; i++) await limits.consume('postUnlockPerViewer', 'v');
    await expect(limits.consume('postUnlockPerViewer', 'v')).rejects.toThrow(/^Too many/);
  });

  it('answers a give-back that returns the points of an attempt that did not count', async () => {
    const limits = createRateLimits(1);
    for (let i = 0; i < PER_VIEWER * 3; i++) {
      const giveBack = await limits.reserve(['postUnlockPerViewer', 'v']);
      await giveBack();
    }
    for (let i = 0; i < PER_VIEWER; i++) await limits.reserve(['postUnlockPerViewer', 'v']);
    await expect(limits.reserve(['postUnlockPerViewer', 'v'])).rejects.toBeInstanceOf(
      TooManyRequestsError,
    );
  });
});

describe('with Redis unreachable', () => {
  it('counts in memory instead of failing every request', async () => {
    // Nothing listens on port 1: every command fails at once.
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    redis.on('error', () => undefined);
    try {
      const limits = createRateLimits(1, redis, 'zura:test:rl');
      for (let i = 0; i < PER_VIEWER; i++) await limits.consume('postUnlockPerViewer', 'v');
      await expect(limits.consume('postUnlockPerViewer', 'v')).rejects.toBeInstanceOf(
        TooManyRequestsError,
      );
    } finally {
      redis.disconnect();
    }
  });
});
