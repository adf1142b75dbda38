import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * helmet's security headers (CSP, HSTS, nosniff, frame and referrer policies…) on every
 * response. The middleware is built once, here: `@fastify/helmet` built it again for each
 * request, parsing the CSP directives every time, which took 2–3% of a busy server's CPU.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        // Self-hosters often start on plain http inside a LAN; forcing https would break them.
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, () => done());
  });
}
