import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { announcingLimits } from '../lib/rate-limit-headers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET route that counts against an announced rate limit (the share-card pictures). */
    countsRateLimits?: boolean;
  }
}

/**
 * Lets the rate limits a route's handler counts against write their RateLimit-* headers on its
 * answer (lib/rate-limit-headers.ts). Every route that changes something is wrapped; a GET only
 * when it says it counts (`config.countsRateLimits`), so the hot pages pay nothing for it.
 * Registered before the routes: the hook sees each route as it is added.
 */
export function registerRateLimitHeaders(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const reads = methods.every((method) => method === 'GET' || method === 'HEAD');
    if (reads && route.config?.countsRateLimits !== true) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function announcing(request, reply) {
      return announcingLimits(reply, () => handler.call(this, request, reply));
    };
  });
}
