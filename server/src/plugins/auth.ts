import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import { messages } from '@zura/contracts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../lib/errors.ts';
import type { AccessClaims, AccessTokens } from '../modules/auth/access-tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`; routes behind it may read it without a check. */
    userId: number;
    /** The session of the request's access token, set by `requireUser`. */
    sessionId: number;
  }
  interface FastifyContextConfig {
    /** Who may call the route; under `guardRoutes` a route that says nothing is 'user'. */
    access?: RouteAccess;
  }
}

export type RouteAccess = 'public' | 'user' | 'admin';

/** The config of a route anyone may call: `{ config: publicRoute }`. */
export const publicRoute = { access: 'public' } as const satisfies { access: RouteAccess };
/** The config of an admin page; anyone else gets 404, as if it did not exist. */
export const adminRoute = { access: 'admin' } as const satisfies { access: RouteAccess };

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Whether a token's session is still going: asked, or known at once (`auth/sessions.ts`). */
export type SessionCheck = {
  isActive: (claims: AccessClaims) => Promise<boolean>;
  knownActive: (claims: AccessClaims) => boolean | undefined;
};

/** An onRequest hook in Fastify's callback form, with the same check to await (`check`). */
export type RequireUser = {
  (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void;
  check: (request: FastifyRequest) => Promise<void>;
};

const invalidToken = () => new UnauthorizedError(messages.authInvalid, 'token_not_valid');

/**
 * An onRequest hook: answers 401 unless the request carries a valid access token whose session
 * is still going (a token stops working the moment its session ends: logout, a password reset,
 * a copied refresh token, account deletion). Every signed-in request passes here, nearly always
 * with a token and a session seen a moment ago: those are answered from memory in a callback,
 * with no promise (issue 33); only a token or session not known yet is awaited.
 */
export function createRequireUser(accessTokens: AccessTokens, sessions: SessionCheck): RequireUser {
  const signIn = (request: FastifyRequest, claims: AccessClaims) => {
    request.userId = claims.userId;
    request.sessionId = claims.sessionId;
  };
  async function check(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError(messages.authRequired);
    const claims = await accessTokens.verify(token);
    if (claims === undefined || !(await sessions.isActive(claims))) throw invalidToken();
    signIn(request, claims);
  }
  function requireUser(
    request: FastifyRequest,
    _reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ) {
    const token = bearerToken(request);
    const claims = token === undefined ? undefined : accessTokens.known(token);
    const active = claims && sessions.knownActive(claims);
    if (claims && active === true) {
      signIn(request, claims);
      done();
    } else if (active === false) {
      done(invalidToken());
    } else {
      check(request).then(() => done(), done);
    }
  }
  return Object.assign(requireUser, { check });
}

/**
 * An onRequest hook for admin pages: a signed-in user whose account has the admin role and,
 * when the operator requires it (REQUIRE_ADMIN_2FA), two-factor sign-in turned on.
 */
export function createRequireAdmin(
  requireUser: RequireUser,
  isAdmin: (userId: number) => Promise<boolean>,
  missingSecondFactor: (userId: number) => Promise<boolean> = async () => false,
) {
  return async function requireAdmin(request: FastifyRequest): Promise<void> {
    await requireUser.check(request);
    // Missing and forbidden look the same to non-admins.
    if (!(await isAdmin(request.userId))) throw new NotFoundError('Not found.');
    if (await missingSecondFactor(request.userId)) {
      throw new ForbiddenError(messages.adminNeedsTwoFactor);
    }
  };
}

export type RequireAdmin = ReturnType<typeof createRequireAdmin>;

/**
 * Every route registered under `app` from here on checks its caller in onRequest, before its
 * body is read, size-limited or validated: an anonymous caller gets 401 whatever it sends, never
 * a 400 or a 413 that tells it about the route. Signed-in is the default, so a new route cannot
 * forget; a route opts out with `config: { access: 'public' }` or asks for 'admin'.
 */
export function guardRoutes(
  app: FastifyInstance,
  guards: { requireUser: RequireUser; requireAdmin: RequireAdmin },
): void {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access ?? 'user';
    if (access === 'public') return;
    const guard = access === 'admin' ? guards.requireAdmin : guards.requireUser;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [guard, ...own];
  });
}
