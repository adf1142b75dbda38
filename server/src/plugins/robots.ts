import type { FastifyInstance } from 'fastify';

/**
 * `/robots.txt`: crawlers may index the public pages (the landing page, a post's share page
 * with its preview card and picture, a profile's page with its card, an offer link) and nothing
 * else behind a session. The API, media and live endpoints are never pages. No `Sitemap:` line:
 * there is no sitemap. Crawlers take the longest matching rule, and `$` ends a path, so
 * `/profile/luna` is allowed while one's own `/profile` and the editors are not.
 */
const PUBLIC_PATHS = ['/$', '/landing', '/posts/', '/offers/', '/og/', '/profile/'];
const PRIVATE_PATHS = [
  // Served by the server, never pages.
  '/api/',
  '/media/',
  '/ws',
  '/peerjs',
  // The signed-in app: nothing there for a crawler, and its links carry private state.
  '/home',
  '/messages',
  '/notifications',
  '/settings',
  '/wallet',
  '/subscriptions',
  '/admin',
  '/creator',
  '/my-content',
  '/drafts',
  '/liked',
  '/explore',
  '/profile$',
  '/profile/edit',
  '/profile/*/edit',
  // One-time token links from e-mails.
  '/verify-email',
  '/reset-password',
];

const ROBOTS_TXT = [
  'User-agent: *',
  ...PUBLIC_PATHS.map((p) => `Allow: ${p}`),
  ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
  '',
].join('\n');

export function registerRobots(app: FastifyInstance): void {
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      // Crawlers fetch it about daily; a changed policy is picked up within the hour.
      .header('cache-control', 'public, max-age=3600')
      .send(ROBOTS_TXT),
  );
}
