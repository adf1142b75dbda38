import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '@zura/contracts/openapi';

/** The pair `POST /api/auth/token/` and `/api/auth/token/refresh/` answer. */
export type Tokens = { access: string; refresh: string };

export type TokenOptions = {
  /** Where the instance is, e.g. `https://zura.example`: the document's paths carry `/api`. */
  baseUrl: string;
  accessToken?: string;
  refreshToken?: string;
  /** Called with each new pair, so a bot can store it: refresh tokens rotate on every use. */
  onTokens?: (tokens: Tokens) => void | Promise<void>;
  fetch?: (request: Request) => Promise<Response>;
};

/** The sign-in routes: a 401 there is a wrong password or refresh token, not a stale access. */
const TOKEN_PATHS = ['/api/auth/token/', '/api/auth/token/2fa/', '/api/auth/token/refresh/'];

/** `endsWith`: an instance may be served under a path prefix (`https://host/zura/api/...`). */
function isTokenPath(pathname: string): boolean {
  return TOKEN_PATHS.some((path) => pathname.endsWith(path));
}

/**
 * The middleware that signs every request to the instance with the access token and, on a
 * 401, renews the pair once with the refresh token and sends the request once more.
 *
 * - The token goes only to the instance's own origin: a call given another `baseUrl` is sent
 *   without it.
 * - Concurrent 401s share one refresh: the server rotates the refresh token, so a second
 *   refresh with the same token would be refused (and could end the session).
 * - A request whose body was streamed is replayed from a copy taken before it left.
 */
export function tokenMiddleware(options: TokenOptions): Middleware {
  const origin = new URL(options.baseUrl).origin;
  const fetchOnce = options.fetch ?? ((request: Request) => fetch(request));
  let access = options.accessToken;
  let refresh = options.refreshToken;
  let refreshing: Promise<boolean> | undefined;
  /** Each request's untouched copy, by openapi-fetch's request id, until its answer is in. */
  const copies = new Map<string, Request>();
  // Its own client, without this middleware: a refresh that fails must not refresh again.
  const plain = createClient<paths>({ baseUrl: options.baseUrl, fetch: fetchOnce });

  async function renew(): Promise<boolean> {
    if (!refresh) return false;
    const { data } = await plain.POST('/api/auth/token/refresh/', { body: { refresh } });
    if (!data) return false;
    access = data.access;
    refresh = data.refresh;
    await options.onTokens?.({ access: data.access, refresh: data.refresh });
    return true;
  }

  /** One refresh at a time; the callers of a refresh under way wait for its outcome. */
  function renewOnce(): Promise<boolean> {
    refreshing ??= renew().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  function signed(request: Request, token: string | undefined): Request {
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  }

  return {
    onRequest({ request, id }) {
      if (new URL(request.url).origin !== origin) return undefined;
      const outgoing = signed(request, access);
      if (!isTokenPath(new URL(request.url).pathname)) copies.set(id, outgoing.clone());
      return outgoing;
    },
    async onResponse({ request, response, id }) {
      const copy = copies.get(id);
      copies.delete(id);
      if (response.status !== 401 || !copy) return undefined;
      const current = access ? `Bearer ${access}` : null;
      // Another request may have renewed the pair while this one was out: use it, refresh not.
      const renewed = request.headers.get('Authorization') !== current || (await renewOnce());
      if (!renewed || !access) return undefined;
      return fetchOnce(signed(copy, access));
    },
    onError({ id }) {
      copies.delete(id);
    },
  };
}
