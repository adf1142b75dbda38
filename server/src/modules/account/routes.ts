import {
  deleteAccountRequest,
  messageResponse,
  settingsUpdateSchema,
  userSettingsSchema,
} from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountService } from './service.ts';

export function accountRoutes(deps: { account: AccountService }): FastifyPluginAsyncZod {
  const { account } = deps;
  return async (app) => {
    app.get('/auth/settings/', { schema: { response: { 200: userSettingsSchema } } }, (request) =>
      account.getSettings(request.userId),
    );
    app.put(
      '/auth/settings/',
      {
        schema: { body: settingsUpdateSchema, response: { 200: userSettingsSchema } },
      },
      (request) => account.updateSettings(request.userId, request.body),
    );
    app.post(
      '/auth/account/delete/',
      { schema: { body: deleteAccountRequest, response: { 200: messageResponse } } },
      (request) => account.deleteAccount(request.userId, request.body.password),
    );
  };
}
