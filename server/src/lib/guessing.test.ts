import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from './errors.ts';
import { checkUnlockPassword, type LockedContentPolicies } from './guessing.ts';
import { createRateLimits, RATE_LIMIT_POLICIES, type RateLimits } from './rate-limits.ts';

const POLICIES: LockedContentPolicies = {
  perViewer: 'postUnlockPerViewer',
  perPair: 'postUnlockPerViewerPost',
  perTarget: 'postUnlockPerPost',
};
const CEILING = RATE_LIMIT_POLICIES.postUnlockPerPost.points;
const POST = 7;

const right = () => Promise.resolve(true);
const wrong = () => Promise.resolve(false);

function guess(limits: RateLimits, viewerId: number, check: () => Promise<boolean>) {
  return checkUnlockPassword(limits, POLICIES, viewerId, POST, check);
}

/** Many accounts guessing wrong until the post's ceiling is spent, as a distributed guesser would. */
async function reachCeiling(limits: RateLimits) {
  for (let i = 0; i < CEILING; i++) await limits.consume('postUnlockPerPost', String(POST));
}

describe('checkUnlockPassword', () => {
  it('answers a right guess and refuses a wrong one as an incorrect password', async () => {
    const limits = createRateLimits(1);
    await expect(guess(limits, 1, right)).resolves.toBeUndefined();
    await expect(guess(limits, 1, wrong)).rejects.toMatchObject({
      statusCode: 400,
      code: 'incorrect_password',
      message: 'Incorrect password',
    });
  });

  it('does not check the password once the viewer has no budget left', async () => {
    const limits = createRateLimits(1);
    await limits.useUp('postUnlockPerViewer', '1');
    let checked = false;
    const check = () => {
      checked = true;
      return Promise.resolve(true);
    };
    await expect(guess(limits, 1, check)).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(checked).toBe(false);
  });

  it('past the post’s ceiling still lets a right password through', async () => {
    const limits = createRateLimits(1);
    await reachCeiling(limits);
    await expect(guess(limits, 1, right)).resolves.toBeUndefined();
  });

  it('past the post’s ceiling spends a wrong guesser’s whole budget at once', async () => {
    const limits = createRateLimits(1);
    await reachCeiling(limits);
    await expect(guess(limits, 1, wrong)).rejects.toThrow(
      /^Too many unlock attempts\. Please try again in \d+ seconds\.$/,
    );
    // The guesser is done everywhere for the window, even with the right password elsewhere.
    await expect(checkUnlockPassword(limits, POLICIES, 1, POST + 1, right)).rejects.toBeInstanceOf(
      TooManyRequestsError,
    );
    // Another viewer is not.
    await expect(guess(limits, 2, right)).resolves.toBeUndefined();
  });
});
