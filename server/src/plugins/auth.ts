import type { FastifyReply, FastifyRequest } from 'fastify';
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
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * A preHandler hook: answers 401 unless the request carries a valid access token whose session
 * is still going (a token stops working the moment its session ends: logout, a password reset,
 * a copied refresh token, account deletion).
 */
export function createRequireUser(
  accessTokens: AccessTokens,
  sessionActive: (claims: AccessClaims) => Promise<boolean>,
) {
  return async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError(messages.authRequired);
    const claims = await accessTokens.verify(token);
    if (claims === undefined || !(await sessionActive(claims))) {
      throw new UnauthorizedError(messages.authInvalid, 'token_not_valid');
    }
    request.userId = claims.userId;
    request.sessionId = claims.sessionId;
  };
}

export type RequireUser = ReturnType<typeof createRequireUser>;

/**
 * An onRequest hook for admin pages: a signed-in user whose account has the admin role and,
 * when the operator requires it (REQUIRE_ADMIN_2FA), two-factor sign-in turned on.
 */
export function createRequireAdmin(
  requireUser: RequireUser,
  isAdmin: (userId: number) => Promise<boolean>,
  missingSecondFactor: (userId: number) => Promise<boolean> = async () => false,
) {
  return async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    // Missing and forbidden look the same to non-admins.
    if (!(await isAdmin(request.userId))) throw new NotFoundError('Not found.');
    if (await missingSecondFactor(request.userId)) {
      throw new ForbiddenError(messages.adminNeedsTwoFactor);
    }
  };
}

export type RequireAdmin = ReturnType<typeof createRequireAdmin>;
