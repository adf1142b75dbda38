import { describe, expect, it } from 'vitest';
import { sharedPing } from './shared-ping.ts';

/** A ping whose rounds the test ends by hand, counting how many started. */
function manualPing() {
  const rounds: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const ping = () =>
    new Promise<void>((resolve, reject) => {
      rounds.push({ resolve, reject });
    });
  return { ping, rounds };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedPing', () => {
  it('starts one round for a check that finds nothing on the wire', async () => {
    const { ping, rounds } = manualPing();
    const check = sharedPing(ping);
    const answer = check();
    expect(rounds).toHaveLength(1);
    rounds[0]?.resolve();
    await expect(answer).resolves.toBeUndefined();
  });

  it('answers checks that arrive during a round with the next round, shared by all of them', async () => {
    const { ping, rounds } = manualPing();
    const check = sharedPing(ping);
    const first = check();
    const late = [check(), check(), check()];
    // The late checks arrived after round 1 began: they must not be answered by it.
    expect(rounds).toHaveLength(1);
    let lateAnswered = false;
    void Promise.all(late).then(() => (lateAnswered = true));
    rounds[0]?.resolve();
    await first;
    await flush();
    expect(lateAnswered).toBe(false);
    expect(rounds).toHaveLength(2);
    rounds[1]?.resolve();
    await Promise.all(late);
    expect(rounds).toHaveLength(2);
  });

  it('reports a failed round to every check waiting on it, and the next check pings again', async () => {
    const { ping, rounds } = manualPing();
    const check = sharedPing(ping);
    const first = check();
    rounds[0]?.reject(new Error('connection refused'));
    await expect(first).rejects.toThrow('connection refused');
    const again = check();
    expect(rounds).toHaveLength(2);
    rounds[1]?.resolve();
    await expect(again).resolves.toBeUndefined();
  });
});
