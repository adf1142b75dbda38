import { messages } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';
import { listRoutes, type ListedRoute } from '../../test/routes.ts';

let t: TestApp;
let apiRoutes: ListedRoute[];
/** Every API route that is not public, whether or not it remembered to guard itself. */
let guardedRoutes: ListedRoute[];
beforeAll(async () => {
  t = await buildTestApp();
  apiRoutes = listRoutes(t.app).filter(
    ({ url }) => (url === '/api' || url.startsWith('/api/')) && !url.startsWith('/api/docs'),
  );
  guardedRoutes = apiRoutes.filter((route) => !PUBLIC_ROUTES.includes(name(route)));
});
afterAll(() => t.close());

const name = (route: ListedRoute) => `${route.method} ${route.url}`;

/** The API routes anyone may call; every other one must check the caller first. */
const PUBLIC_ROUTES = [
  // Health checks.
  'GET /api',
  'HEAD /api',
  'GET /api/',
  'HEAD /api/',
  // Signing up and in, and getting back into an account.
  'POST /api/auth/signup/',
  'POST /api/auth/token/',
  // The second step of a sign-in with two-factor on: the challenge is the credential.
  'POST /api/auth/token/2fa/',
  'POST /api/auth/token/refresh/',
  'POST /api/auth/logout/',
  'POST /api/auth/verify-email/',
  'POST /api/auth/password-reset/',
  'POST /api/auth/password-reset/verify-token/',
  'POST /api/auth/password-reset/confirm/',
  // The payment provider proves itself by its signature.
  'POST /api/wallet/webhooks/stripe/',
  // An offer link's terms, for whoever holds its unguessable code; claiming needs a user.
  'GET /api/offers/:code/',
  'HEAD /api/offers/:code/',
  // The Web Push application server key: public by design (the browser needs it to subscribe).
  'GET /api/push/key/',
  'HEAD /api/push/key/',
];

const checksCallerOnRequest = (route: ListedRoute) =>
  route.onRequest.includes('requireUser()') || route.onRequest.includes('requireAdmin()');

/** A URL whose every parameter and paging value fails validation. */
function invalidUrl(url: string): string {
  const path = url.replace(/:\w+/g, 'x'.repeat(65));
  return `${path}?limit=x&before=x&after=x&after_id=x&cursor=x&status=x&context=x&sort=x`;
}

const OVERSIZED = 1024 * 1024 + 1;
const badBodies = {
  'malformed JSON': {
    headers: { 'content-type': 'application/json' },
    payload: '{"recipient_id": true,',
  },
  'a JSON body over the size limit': {
    headers: { 'content-type': 'application/json' },
    payload: `{"text":"${'x'.repeat(OVERSIZED)}"}`,
  },
  'a form with an oversized field': multipart({
    fields: { is_locked: 'maybe', content: 'x'.repeat(OVERSIZED) },
  }),
};

describe('guarded routes', () => {
  it('are every API route but the public ones, each checking the caller in onRequest', () => {
    expect(apiRoutes.length).toBeGreaterThan(60);
    const unguarded = apiRoutes.filter((route) => !checksCallerOnRequest(route)).map(name);
    expect(unguarded.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it.each(Object.entries(badBodies))(
    'answer an anonymous caller 401 before reading %s',
    async (_, body) => {
      const answers = await Promise.all(
        guardedRoutes.map(async (route) => {
          const res = await t.request({
            method: route.method as 'GET',
            url: invalidUrl(route.url),
            ...body,
          });
          const detail =
            route.method === 'HEAD' ? undefined : res.json<{ detail: string }>().detail;
          return `${name(route)} → ${res.statusCode} ${detail ?? ''}`.trim();
        }),
      );
      const expected = guardedRoutes.map((route) => {
        const detail = route.method === 'HEAD' ? '' : ` ${messages.authRequired}`;
        return `${name(route)} → 401${detail}`;
      });
      expect(answers).toEqual(expected);
    },
  );
});
