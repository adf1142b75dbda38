import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequest,
  messageResponse,
  messages,
  passwordResetConfirmRequest,
  passwordResetRequest,
  refreshRequest,
  sessionList,
  signupRequest,
  signupResponse,
  tokenBody,
  tokenPair,
  tokenRequest,
  verifyTokenResponse,
} from '@zura/contracts';
import { NotFoundError } from '../../lib/errors.ts';
import type { RequireUser } from '../../plugins/auth.ts';
import type { AuthService } from './service.ts';
import type { Sessions } from './sessions.ts';

const sessionParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'Not a valid session id.')
    .transform(Number),
});

/** Where a sign-in or refresh comes from, for the device list. */
const deviceOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export function authRoutes(deps: {
  auth: AuthService;
  sessions: Sessions;
  requireUser: RequireUser;
}): FastifyPluginAsyncZod {
  const { auth, sessions } = deps;
  return async (app) => {
    app.post(
      '/auth/signup/',
      { schema: { body: signupRequest, response: { 201: signupResponse } } },
      async (request, reply) => reply.status(201).send(await auth.signup(request.body, request.ip)),
    );

    app.post(
      '/auth/token/',
      { schema: { body: tokenRequest, response: { 200: tokenPair } } },
      (request) =>
        auth.login(request.body.email, request.body.password, request.ip, deviceOf(request)),
    );

    app.post(
      '/auth/token/refresh/',
      { schema: { body: refreshRequest, response: { 200: tokenPair } } },
      (request) => auth.refresh(request.body.refresh, request.ip, deviceOf(request)),
    );

    app.post(
      '/auth/logout/',
      { schema: { body: refreshRequest, response: { 200: messageResponse } } },
      (request) => auth.logout(request.body.refresh),
    );

    app.post(
      '/auth/verify-email/',
      { schema: { body: tokenBody, response: { 200: messageResponse } } },
      (request) => auth.verifyEmail(request.body.token, request.ip),
    );

    app.post(
      '/auth/verify-email/resend/',
      { preHandler: deps.requireUser, schema: { response: { 200: messageResponse } } },
      (request) => auth.resendVerification(request.userId),
    );

    app.post(
      '/auth/password-reset/',
      { schema: { body: passwordResetRequest, response: { 200: messageResponse } } },
      (request) => auth.requestPasswordReset(request.body.email, request.ip),
    );

    app.post(
      '/auth/password-reset/verify-token/',
      { schema: { body: tokenBody, response: { 200: verifyTokenResponse } } },
      (request) => auth.verifyResetToken(request.body.token, request.ip),
    );

    app.post(
      '/auth/password-reset/confirm/',
      { schema: { body: passwordResetConfirmRequest, response: { 200: messageResponse } } },
      (request) =>
        auth.confirmPasswordReset(request.body.token, request.body.new_password, request.ip),
    );

    // The signed-in devices of the caller (authenticated in onRequest, before any validation).
    app.get(
      '/auth/sessions/',
      { onRequest: deps.requireUser, schema: { response: { 200: sessionList } } },
      async (request) => ({ results: await sessions.list(request.userId, request.sessionId) }),
    );

    app.delete(
      '/auth/sessions/:id/',
      {
        onRequest: deps.requireUser,
        schema: { params: sessionParams, response: { 200: messageResponse } },
      },
      async (request) => {
        if (!(await sessions.endOwn(request.userId, request.params.id))) {
          throw new NotFoundError(messages.sessionNotFound);
        }
        return { message: messages.sessionEnded };
      },
    );

    app.post(
      '/auth/sessions/end-others/',
      { onRequest: deps.requireUser, schema: { response: { 200: messageResponse } } },
      async (request) => {
        await sessions.endOthers(request.userId, request.sessionId, 'revoked');
        return { message: messages.otherSessionsEnded };
      },
    );

    app.post(
      '/auth/password/change/',
      {
        onRequest: deps.requireUser,
        schema: { body: changePasswordRequest, response: { 200: messageResponse } },
      },
      (request) => auth.changePassword(request.userId, request.sessionId, request.body),
    );
  };
}
