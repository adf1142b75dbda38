import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers (the IETF HTTPAPI draft's
 * three-field form, as GitHub's and most APIs' x-ratelimit-* read): what a request's answer says
 * of the tightest announced limit it counted against, so a client slows down before a 429.
 * Limits that must stay silent (a mail to an address, a target's ceiling, an account's login
 * budget: their counts would tell whether an account exists or who else is guessing) are never
 * announced; lib/rate-limits.ts marks which are.
 */

/** The part of a reply the headers are written on (Fastify's reply). */
export type HeaderSink = {
  readonly sent: boolean;
  header(name: string, value: string): unknown;
  getHeader(name: string): unknown;
};

const currentReply = new AsyncLocalStorage<HeaderSink>();

/** Runs a route's handler with its reply as the place limits counted inside it are announced. */
export function announcingLimits<T>(reply: HeaderSink, handler: () => T): T {
  return currentReply.run(reply, handler);
}

const RATE_LIMIT_HEADERS = {
  limit: 'ratelimit-limit',
  remaining: 'ratelimit-remaining',
  reset: 'ratelimit-reset',
} as const;

/**
 * Writes one limit's state on the current request's answer, unless a tighter one (fewer
 * requests left) is written already or there is no request (a job, a socket).
 */
export function announceLimit(limit: number, remaining: number, resetSeconds: number): void {
  const reply = currentReply.getStore();
  if (!reply || reply.sent) return;
  const shown = reply.getHeader(RATE_LIMIT_HEADERS.remaining);
  if (shown !== undefined && Number(shown) <= remaining) return;
  reply.header(RATE_LIMIT_HEADERS.limit, String(limit));
  reply.header(RATE_LIMIT_HEADERS.remaining, String(Math.max(0, remaining)));
  reply.header(RATE_LIMIT_HEADERS.reset, String(Math.max(1, Math.ceil(resetSeconds))));
}
