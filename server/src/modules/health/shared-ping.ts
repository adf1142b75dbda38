/**
 * One database round trip shared by every health check waiting for it. A check that arrives
 * while a ping is on the wire waits for the next one, which starts when that ping ends, so each
 * answer still reports a round trip that began after the check arrived: the answer is as fresh
 * as one ping per check, but a load balancer (or a benchmark) polling at 64 connections costs
 * PostgreSQL one statement per round trip instead of one per request.
 */
export function sharedPing(ping: () => Promise<unknown>): () => Promise<void> {
  let onTheWire: Promise<void> | undefined;
  let next: Promise<void> | undefined;

  function start(): Promise<void> {
    const round: Promise<void> = ping().then(
      () => {
        if (onTheWire === round) onTheWire = undefined;
      },
      (error: unknown) => {
        if (onTheWire === round) onTheWire = undefined;
        throw error;
      },
    );
    onTheWire = round;
    return round;
  }

  return () => {
    if (!onTheWire) return start();
    // Started before this check arrived: its answer could predate it, so wait for the next one.
    next ??= onTheWire.then(settled, settled).then(() => {
      next = undefined;
      return start();
    });
    return next;
  };
}

const settled = () => undefined;
