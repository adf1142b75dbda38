import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * helmet's security headers (CSP, HSTS, nosniff, frame and referrer policies…) on every page and
 * file, and the API's own set on its answers. The middleware is built once, here: `@fastify/helmet` built it again for each
 * request, parsing the CSP directives every time, which took 2–3% of a busy server's CPU.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    /**
     * Where media redirects lead (the bucket's origin when bytes are served from S3 by presigned
     * URLs): images and videos load from there after our own gate answered with a redirect,
     * and a player that fetches HLS segments itself (hls.js) follows the same redirects.
     */
    mediaOrigin?: string | undefined;
  } = {},
): void {
  const media = options.mediaOrigin ? [options.mediaOrigin] : [];
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', ...media],
        'media-src': ["'self'", 'blob:', ...media],
        'connect-src': ["'self'", 'ws:', 'wss:', ...media],
        // Self-hosters often start on plain http inside a LAN; forcing https would break them.
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const documentHeaders = headersOf(setSecurityHeaders);
  const answerHeaders = apiAnswerHeaders(documentHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(isApiAnswer(request.url) ? answerHeaders : documentHeaders);
    done();
  });
}

/**
 * The API's answers (JSON, a CSV, a redirect) are never rendered as a document: a browser runs
 * no script of theirs and lays none of them out, so a page's policy (where its images, media and
 * sockets may come from), the frame, DNS-prefetch, download and origin-cluster headers do
 * nothing there, and were half of the bytes and of the header work of the hottest answers. They
 * get the headers OWASP's REST security cheat sheet names for APIs instead: nosniff, HSTS, a
 * policy that allows nothing and no framing (in case an answer is ever opened as a page), the
 * resource and referrer policies. The API's reference (`/api/docs`) is a page: it keeps the
 * page headers.
 */
function apiAnswerHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const kept = [
    'strict-transport-security',
    'x-content-type-options',
    'cross-origin-resource-policy',
    'referrer-policy',
  ];
  return {
    ...Object.fromEntries(
      kept.flatMap((name) => {
        const value = documentHeaders[name];
        return value === undefined ? [] : [[name, value]];
      }),
    ),
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  };
}

function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

type Middleware = (req: never, res: never, next: () => void) => void;

/**
 * The headers helmet sets, read once from a response that records them: with this
 * configuration they are the same for every request (no nonce), and setting a ready object on
 * the reply costs less than running the middleware's dozen steps on each raw response.
 */
function headersOf(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let ran = false;
  middleware({ headers: {} } as never, recorder as never, () => (ran = true));
  if (!ran) throw new Error('helmet did not finish synchronously');
  return headers;
}
