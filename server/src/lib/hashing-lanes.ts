/**
 * Password hashing runs in two lanes. `sign-in` (login and sign-up) always starts first when a
 * slot frees, has queue room of its own, and, with two slots or more, one slot the other lane
 * never takes. `general` (locking content, unlocking it, confirming a password) shares the rest.
 * So however much other hashing someone queues, signing in waits at most for the hashes already
 * running.
 */
export type HashingLane = 'sign-in' | 'general';

const LANES_IN_ORDER: HashingLane[] = ['sign-in', 'general'];

export type HashingLanes = {
  /** Runs `work` in `lane`; rejects with `busy()` at once when the lane's queue is full. */
  run: <T>(lane: HashingLane, work: () => Promise<T>) => Promise<T>;
};

export function createHashingLanes(options: {
  concurrency: number;
  maxQueued: Record<HashingLane, number>;
  busy: () => Error;
}): HashingLanes {
  const { concurrency, maxQueued, busy } = options;
  const generalSlots = Math.max(1, concurrency - 1);
  const running: Record<HashingLane, number> = { 'sign-in': 0, general: 0 };
  const waiting: Record<HashingLane, (() => void)[]> = { 'sign-in': [], general: [] };

  const canStart = (lane: HashingLane) =>
    running['sign-in'] + running.general < concurrency &&
    (lane === 'sign-in' || running.general < generalSlots);

  function startWaiting() {
    for (const lane of LANES_IN_ORDER) {
      while (waiting[lane].length > 0 && canStart(lane)) waiting[lane].shift()?.();
    }
  }

  return {
    run(lane, work) {
      if (!canStart(lane) && waiting[lane].length >= maxQueued[lane]) {
        return Promise.reject(busy());
      }
      return new Promise((resolve, reject) => {
        const start = () => {
          running[lane] += 1;
          work()
            .then(resolve, reject)
            .finally(() => {
              running[lane] -= 1;
              startWaiting();
            });
        };
        waiting[lane].push(start);
        startWaiting();
      });
    },
  };
}
