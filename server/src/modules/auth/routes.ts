import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginResponse,
  messageResponse,
  passwordResetConfirmRequest,
  passwordResetRequest,
  refreshRequest,
  secondFactorRequest,
  signupRequest,
  signupResponse,
  tokenBody,
  tokenPair,
  tokenRequest,
  verifyTokenResponse,
} from '@zura/contracts';
import { publicRoute } from '../../plugins/auth.ts';
import { DEVICE_COOKIE, readCookie } from './known-devices.ts';
import type { AuthService } from './service.ts';

/** Where a sign-in or refresh comes from, for the device list. */
const deviceOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

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
      { config: publicRoute, schema: { body: tokenRequest, response: { 200: loginResponse } } },
      async (request, reply) => {
        const deviceCookie = readCookie(request.headers.cookie, DEVICE_COOKIE);
        const { email, password } = request.body;
        const signedIn = await auth.login(
          email,
          password,
          { address: request.ip, deviceCookie },
          deviceOf(request),
        );
        if (signedIn.deviceCookie) reply.header('set-cookie', signedIn.deviceCookie);
        return reply.send(signedIn.answer);
      },
    );

    app.post(
      '/auth/token/2fa/',
      {
        config: publicRoute,
        schema: { body: secondFactorRequest, response: { 200: tokenPair } },
      },
      (request) =>
        auth.loginSecondFactor(request.body.challenge, request.body.code, deviceOf(request)),
    );

    app.post(
      '/auth/token/refresh/',
      { config: publicRoute, schema: { body: refreshRequest, response: { 200: tokenPair } } },
      (request) => auth.refresh(request.body.refresh, request.ip, deviceOf(request)),
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
      (request) => auth.resendVerification(request.userId, request.ip),
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
