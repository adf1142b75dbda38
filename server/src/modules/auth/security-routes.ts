import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordRequest,
  messageResponse,
  messages,
  sessionList,
  twoFactorCodeRequest,
  twoFactorDisableRequest,
  twoFactorEnabled,
  twoFactorSetup,
  twoFactorSetupRequest,
  twoFactorStatus,
} from '@zura/contracts';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import { pathId } from '../../lib/validation.ts';
import type { AuthService } from './service.ts';
import type { Sessions } from './sessions.ts';
import type { TwoFactor } from './two-factor.ts';

const sessionParams = z.object({ id: pathId('Not a valid session id.') });

/**
 * What a signed-in user does to keep the account theirs: the device list, the password, and
 * two-factor sign-in; all for signed-in callers (the /api guard checks them before validation).
 */
export function securityRoutes(deps: {
  auth: AuthService;
  sessions: Sessions;
  twoFactor: TwoFactor;
}): FastifyPluginAsyncZod {
  const { auth, sessions, twoFactor } = deps;
  return async (app) => {
    app.get('/auth/sessions/', { schema: { response: { 200: sessionList } } }, async (request) => ({
      results: await sessions.list(request.userId, request.sessionId),
    }));

    app.delete(
      '/auth/sessions/:id/',
      {
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
      { schema: { response: { 200: messageResponse } } },
      async (request) => {
        await sessions.endOthers(request.userId, request.sessionId, 'revoked');
        return { message: messages.otherSessionsEnded };
      },
    );

    app.post(
      '/auth/password/change/',
      {
        schema: { body: changePasswordRequest, response: { 200: messageResponse } },
      },
      (request) => auth.changePassword(request.userId, request.sessionId, request.body),
    );

    app.get('/auth/2fa/', { schema: { response: { 200: twoFactorStatus } } }, (request) =>
      twoFactor.status(request.userId),
    );

    app.post(
      '/auth/2fa/setup/',
      {
        schema: { body: twoFactorSetupRequest, response: { 200: twoFactorSetup } },
      },
      (request) => twoFactor.setup(request.userId, request.body.password),
    );

    app.post(
      '/auth/2fa/enable/',
      {
        schema: { body: twoFactorCodeRequest, response: { 200: twoFactorEnabled } },
      },
      (request) => twoFactor.enable(request.userId, request.sessionId, request.body.code),
    );

    app.post(
      '/auth/2fa/disable/',
      {
        schema: { body: twoFactorDisableRequest, response: { 200: messageResponse } },
      },
      (request) =>
        twoFactor.disable(
          request.userId,
          request.sessionId,
          request.body.password,
          request.body.code,
        ),
    );
  };
}
