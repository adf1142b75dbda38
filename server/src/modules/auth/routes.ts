import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageResponse,
  passwordResetConfirmRequest,
  passwordResetRequest,
  refreshRequest,
  signupRequest,
  signupResponse,
  tokenBody,
  tokenPair,
  tokenRequest,
  verifyTokenResponse,
} from '@zura/contracts';
import { publicRoute } from '../../plugins/auth.ts';
import type { AuthService } from './service.ts';

export function authRoutes(deps: { auth: AuthService }): FastifyPluginAsyncZod {
  const { auth } = deps;
  return async (app) => {
    app.post(
      '/auth/signup/',
      { config: publicRoute, schema: { body: signupRequest, response: { 201: signupResponse } } },
      async (request, reply) => reply.status(201).send(await auth.signup(request.body, request.ip)),
    );

    app.post(
      '/auth/token/',
      { config: publicRoute, schema: { body: tokenRequest, response: { 200: tokenPair } } },
      (request) => auth.login(request.body.email, request.body.password, request.ip),
    );

    app.post(
      '/auth/token/refresh/',
      { config: publicRoute, schema: { body: refreshRequest, response: { 200: tokenPair } } },
      (request) => auth.refresh(request.body.refresh, request.ip),
    );

    app.post(
      '/auth/logout/',
      { config: publicRoute, schema: { body: refreshRequest, response: { 200: messageResponse } } },
      (request) => auth.logout(request.body.refresh),
    );

    app.post(
      '/auth/verify-email/',
      { config: publicRoute, schema: { body: tokenBody, response: { 200: messageResponse } } },
      (request) => auth.verifyEmail(request.body.token, request.ip),
    );

    app.post(
      '/auth/verify-email/resend/',
      { schema: { response: { 200: messageResponse } } },
      (request) => auth.resendVerification(request.userId),
    );

    app.post(
      '/auth/password-reset/',
      {
        config: publicRoute,
        schema: { body: passwordResetRequest, response: { 200: messageResponse } },
      },
      (request) => auth.requestPasswordReset(request.body.email, request.ip),
    );

    app.post(
      '/auth/password-reset/verify-token/',
      { config: publicRoute, schema: { body: tokenBody, response: { 200: verifyTokenResponse } } },
      (request) => auth.verifyResetToken(request.body.token, request.ip),
    );

    app.post(
      '/auth/password-reset/confirm/',
      {
        config: publicRoute,
        schema: { body: passwordResetConfirmRequest, response: { 200: messageResponse } },
      },
      (request) =>
        auth.confirmPasswordReset(request.body.token, request.body.new_password, request.ip),
    );
  };
}
