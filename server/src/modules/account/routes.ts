import { deleteAccountRequest, settingsUpdateSchema, userSettingsSchema } from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RequireUser } from '../../plugins/auth.ts';
import type { AccountService } from './service.ts';

export function accountRoutes(deps: {
  account: AccountService;
  requireUser: RequireUser;
}): FastifyPluginAsyncZod {
  const { account, requireUser } = deps;
  return async (app) => {
    app.get(
      '/auth/settings/',
      { preHandler: requireUser, schema: { response: { 200: userSettingsSchema } } },
      (request) => account.getSettings(request.userId),
    );
    app.put(
      '/auth/settings/',
      {
        preHandler: requireUser,
        schema: { body: settingsUpdateSchema, response: { 200: userSettingsSchema } },
      },
      (request) => account.updateSettings(request.userId, request.body),
    );
    app.post(
      '/auth/account/delete/',
      { preHandler: requireUser, schema: { body: deleteAccountRequest } },
      (request) => account.deleteAccount(request.userId, request.body.password),
    );
  };
}
