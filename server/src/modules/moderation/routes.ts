import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserList,
  auditLogPage,
  messageResponse,
  suspendRequest,
  twoFactorResetRequest,
  unsuspendRequest,
} from '@zura/contracts';
import { z } from 'zod';
import { pathId } from '../../lib/validation.ts';
import { adminRoute } from '../../plugins/auth.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Moderation } from './service.ts';

const userParams = z.object({ id: pathId('Not a valid user id.') });
const searchQuery = z.object({
  q: z.string().trim().min(1, 'Enter part of a username or email.').max(100),
});
// An entry id, as the page's `next` answers it.
const auditQuery = z.object({ before: pathId('Not a valid entry id.').optional() });

/** Admin routes: the /api guard checks the caller is an admin before anything is validated. */
export function moderationRoutes(deps: {
  moderation: Moderation;
  audit: AuditLog;
}): FastifyPluginAsyncZod {
  const { moderation, audit } = deps;
  return async (app) => {
    app.get(
      '/admin/users/',
      {
        config: adminRoute,
        schema: { querystring: searchQuery, response: { 200: adminUserList } },
      },
      (request) => moderation.searchUsers(request.query.q),
    );

    app.post(
      '/admin/users/:id/suspend/',
      {
        config: adminRoute,
        schema: { params: userParams, body: suspendRequest, response: { 200: messageResponse } },
      },
      (request) => moderation.suspend(request.userId, request.params.id, request.body.reason),
    );

    app.post(
      '/admin/users/:id/unsuspend/',
      {
        config: adminRoute,
        schema: {
          params: userParams,
          body: unsuspendRequest,
          response: { 200: messageResponse },
        },
      },
      (request) => moderation.unsuspend(request.userId, request.params.id, request.body?.note),
    );

    app.post(
      '/admin/users/:id/2fa/reset/',
      {
        config: adminRoute,
        schema: {
          params: userParams,
          body: twoFactorResetRequest,
          response: { 200: messageResponse },
        },
      },
      (request) =>
        moderation.resetTwoFactor(request.userId, request.params.id, request.body.reason),
    );

    app.get(
      '/admin/audit-log/',
      {
        config: adminRoute,
        schema: { querystring: auditQuery, response: { 200: auditLogPage } },
      },
      (request) => audit.list(request.query.before),
    );
  };
}
