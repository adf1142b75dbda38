import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@zura/contracts';
import { NotFoundError, UnauthorizedError } from '../lib/errors.ts';
import type { AccessTokens } from '../modules/auth/access-tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`; routes behind it may read it without a check. */
    userId: number;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * A preHandler hook: answers 401 unless the request carries a valid access token of an account
 * that still exists (a deleted account's tokens stop working at once).
 */
export function createRequireUser(
  accessTokens: AccessTokens,
  userExists: (userId: number) => Promise<boolean>,
) {
  return async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError(messages.authRequired);
    const userId = await accessTokens.verify(token);
    if (userId === undefined || !(await userExists(userId))) {
      throw new UnauthorizedError(messages.authInvalid, 'token_not_valid');
    }
    request.userId = userId;
  };
}

export type RequireUser = ReturnType<typeof createRequireUser>;

/** A preHandler for admin pages: a signed-in user whose account has the admin role. */
export function createRequireAdmin(
  requireUser: RequireUser,
  isAdmin: (userId: number) => Promise<boolean>,
) {
  return async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    // Missing and forbidden look the same to non-admins.
    if (!(await isAdmin(request.userId))) throw new NotFoundError('Not found.');
  };
}

export type RequireAdmin = ReturnType<typeof createRequireAdmin>;
