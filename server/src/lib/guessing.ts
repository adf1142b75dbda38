import { BadRequestError } from './errors.ts';
import type { RateLimitPolicy, RateLimits } from './rate-limits.ts';

export type Budget = [RateLimitPolicy, string];

/**
 * Checks one password guess. It is counted against every budget before the check, so parallel
 * guesses cannot all slip in under a limit; a right guess is given back, as only wrong ones
 * count. Past any budget it throws TooManyRequestsError without checking.
 */
export async function guessWithin(
  rateLimits: RateLimits,
  budgets: Budget[],
  check: () => Promise<boolean>,
): Promise<boolean> {
  const giveBack = await rateLimits.reserve(...budgets);
  if (!(await check())) return false;
  await giveBack();
  return true;
}

export type LockedContentPolicies = {
  /** The viewer's budget over every target. */
  perViewer: RateLimitPolicy;
  /** The viewer's short cool-down on this one target. */
  perPair: RateLimitPolicy;
  /** The target's ceiling over all viewers: a backstop against guessing spread over accounts. */
  perTarget: RateLimitPolicy;
};

/**
 * A password guess on a locked profile or post: answers when it is right, throws 'Incorrect
 * password' when it is wrong. Only the viewer's own budgets are checked before
 * the password, so however many other accounts guess wrong, the right password from a viewer
 * with budget left always opens. The target's ceiling counts wrong guesses only; past it, each
 * wrong guess spends its viewer's whole budget, so guessing spread over many accounts gets one
 * guess per account per window.
 */
export async function checkUnlockPassword(
  rateLimits: RateLimits,
  policies: LockedContentPolicies,
  viewerId: number,
  targetId: number,
  check: () => Promise<boolean>,
): Promise<void> {
  const viewer = String(viewerId);
  const budgets: Budget[] = [
    [policies.perViewer, viewer],
    [policies.perPair, `${viewer}:${targetId}`],
  ];
  if (await guessWithin(rateLimits, budgets, check)) return;
  if (!(await rateLimits.tryConsume(policies.perTarget, String(targetId)))) {
    await rateLimits.useUp(policies.perViewer, viewer);
    // Throws: the viewer has nothing left, and is told how long to wait.
    await rateLimits.consume(policies.perViewer, viewer);
  }
  throw new BadRequestError('Incorrect password', {}, 'incorrect_password');
}
