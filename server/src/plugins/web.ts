import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from '../lib/errors.ts';
import { registerRobots } from './robots.ts';

/** Paths owned by the server: an unknown one answers JSON 404, never the SPA. */
const SERVER_PREFIXES = ['/api', '/media', '/ws', '/peerjs', '/og'];

/** `sw.js` and its precompressed siblings. */
const SERVICE_WORKER = /^sw\.js(?:\.br|\.gz)?$/;

function isServerPath(url: string): boolean {
  return SERVER_PREFIXES.some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
  );
}

export type WebAppOptions = {
  /**
   * Tags for the `<head>` of the app served at a path (the Open Graph card of a post page), for
   * link unfurlers, which run no JavaScript; undefined leaves `index.html` as built.
   */
  headFor?: (pathname: string) => Promise<string | undefined>;
};

/**
 * Serves the built React app. Hashed assets are cached for a year; `index.html` is revalidated
 * every time and answers every unknown non-API path so client-side routes work on reload.
 * The build writes `.br` and `.gz` beside each compressible file (web/precompress.ts): they are
 * sent as they are when `Accept-Encoding` allows, with `Vary: Accept-Encoding`, and
 * @fastify/compress leaves a response that already has a `Content-Encoding` alone.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: WebAppOptions = {},
): Promise<void> {
  registerRobots(app);
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Files are looked up per request, so a rebuilt app is served without a restart.
      wildcard: true,
      index: false,
      // Brotli first, then gzip, then the file itself; `sendFile('index.html')` too.
      preCompressed: true,
      // `filePath` may be the `.br`/`.gz` sibling: same folder, so the same cache rule.
      setHeaders(res, filePath) {
        const immutable = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The service worker controls the whole origin; browsers check it for updates against
        // the server (no-cache above), never from a cache.
        if (SERVICE_WORKER.test(path.basename(filePath))) {
          res.header('service-worker-allowed', '/');
        }
      },
    });
  }
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', distDir);
  /** `index.html` with `head` before `</head>`; read per request, as the static files are. */
  const sendIndexWith = async (reply: FastifyReply, head: string) => {
    const html = await fs.promises.readFile(indexFile, 'utf8');
    // A replacer function: with a string, `$&`, `$\`` and `$'` in a bio or a post's text would
    // splice the page itself into the tags.
    const page = html.replace('</head>', () => `  ${head}\n  </head>`);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  };
  // The static handler refuses directories, so the root gets the app explicitly.
  if (built) app.get('/', (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isServerPath(pathname) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply
        .status(404)
        .send(errorBody('no_such_route', `No API route for ${request.method} ${pathname}.`));
    }
    // A missing hashed asset (a tab left open across a deploy) must fail as a 404, not as HTML.
    if (pathname.startsWith('/assets/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!built) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    const head = await options.headFor?.(pathname);
    return head ? sendIndexWith(reply, head) : sendIndex(reply);
  });
}
