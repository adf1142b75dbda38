import {
  federationDomainBlockCreated,
  federationDomainBlockList,
  federationDomainBlockRequest,
  messageResponse,
  remoteFollowerList,
} from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { pathId } from '../../lib/validation.ts';
import { adminRoute } from '../../plugins/auth.ts';
import type { AuditLog } from '../audit/index.ts';
import type { FederationControl } from './control.ts';
import { createDomainBlockAdmin } from './domain-block-admin.ts';

const followerParams = z.object({ id: pathId('Not a valid follower id.') });
const blockParams = z.object({ id: pathId('Not a valid domain block id.') });
const blockedParams = z.object({ id: pathId('Not a valid blocked account id.') });

/**
 * The creator's remote audience (follow requests, followers) and the admins' domain blocks,
 * under `/api/federation/`. The /api guard signs the caller in (or checks an admin) before
 * anything is validated; a creator reaches only their own rows.
 */
export function federationControlRoutes(deps: {
  control: FederationControl | undefined;
  db: Database;
  audit: AuditLog;
}): FastifyPluginAsyncZod {
  const admin = createDomainBlockAdmin({ db: deps.db, audit: deps.audit });
  const control = () => {
    if (!deps.control) throw new NotFoundError('Federation is turned off on this server.');
    return deps.control;
  };
  return async (app) => {
    const list = { schema: { response: { 200: remoteFollowerList } } };
    const act = { schema: { params: followerParams, response: { 200: messageResponse } } };
    app.get('/federation/follow-requests/', list, (request) =>
      control().listRequests(request.userId),
    );
    app.post('/federation/follow-requests/:id/approve/', act, (request) =>
      control().approve(request.userId, request.params.id),
    );
    app.post('/federation/follow-requests/:id/decline/', act, (request) =>
      control().decline(request.userId, request.params.id),
    );
    app.get('/federation/followers/', list, (request) => control().listFollowers(request.userId));
    app.post('/federation/followers/:id/remove/', act, (request) =>
      control().remove(request.userId, request.params.id),
    );
    app.post('/federation/followers/:id/block/', act, (request) =>
      control().block(request.userId, request.params.id),
    );

    app.get('/federation/blocked-actors/', list, (request) =>
      control().listBlocked(request.userId),
    );
    app.post(
      '/federation/blocked-actors/:id/unblock/',
      { schema: { params: blockedParams, response: { 200: messageResponse } } },
      (request) => control().unblock(request.userId, request.params.id),
    );

    app.get(
      '/federation/domain-blocks/',
      { config: adminRoute, schema: { response: { 200: federationDomainBlockList } } },
      () => admin.list(),
    );
    app.post(
      '/federation/domain-blocks/',
      {
        config: adminRoute,
        schema: {
          body: federationDomainBlockRequest,
          response: { 201: federationDomainBlockCreated },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await admin.block(request.userId, request.body)),
    );
    app.delete(
      '/federation/domain-blocks/:id/',
      { config: adminRoute, schema: { params: blockParams } },
      async (request, reply) => {
        await admin.unblock(request.userId, request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
