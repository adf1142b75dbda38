import type { Federation } from '@fedify/fedify';
import {
  messageResponse,
  remoteAccount,
  remoteFollow,
  remoteFollowList,
  remoteFollowRequest,
  remoteInteractionAnswer,
  remoteLookupQuery,
  remoteReplyRequest,
} from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import { pathId } from '../../lib/validation.ts';
import { createFollowingOut, type FollowingOut } from './following-out.ts';
import { createRemoteInteractions } from './remote-interactions.ts';

const followParams = z.object({ id: pathId('Not a valid follow id.') });
const postParams = z.object({ id: pathId('Not a valid post id.') });

/**
 * Following remote accounts, under `/api/federation/`: look one up by `@name@host`, follow it,
 * unfollow it, list one's follows. The /api guard signs the caller in before anything is
 * validated; with federation off every route is a 404 saying so.
 */
export function federationFollowingRoutes(deps: {
  federation: Federation<void> | undefined;
  db: Database;
  rateLimits: RateLimits;
  publicUrl: string;
  allowPrivateAddresses: boolean;
}): FastifyPluginAsyncZod {
  const following: FollowingOut | undefined =
    deps.federation &&
    createFollowingOut({
      db: deps.db,
      federation: deps.federation,
      publicUrl: deps.publicUrl,
      allowPrivateAddresses: deps.allowPrivateAddresses,
      rateLimits: deps.rateLimits,
      localHost: new URL(deps.publicUrl).host,
    });
  const interactions =
    deps.federation &&
    createRemoteInteractions({
      db: deps.db,
      federation: deps.federation,
      publicUrl: deps.publicUrl,
    });
  const interact = () => {
    if (!interactions) throw new NotFoundError('Federation is turned off on this server.');
    return interactions;
  };
  const service = () => {
    if (!following) throw new NotFoundError('Federation is turned off on this server.');
    return following;
  };
  return async (app) => {
    app.get(
      '/federation/lookup/',
      { schema: { querystring: remoteLookupQuery, response: { 200: remoteAccount } } },
      (request) => service().lookup(request.userId, request.query.q),
    );
    app.get(
      '/federation/follows/',
      { schema: { response: { 200: remoteFollowList } } },
      async (request) => ({
        results: await service().list(request.userId),
      }),
    );
    app.post(
      '/federation/follows/',
      { schema: { body: remoteFollowRequest, response: { 201: remoteFollow } } },
      async (request, reply) => {
        const follow = await service().follow(request.userId, request.body.handle);
        return reply.code(201).send(follow);
      },
    );
    app.delete(
      '/federation/follows/:id/',
      { schema: { params: followParams, response: { 200: messageResponse } } },
      async (request) => {
        await service().unfollow(request.userId, request.params.id);
        return { message: 'Unfollowed.' };
      },
    );
    const reaction = {
      schema: { params: postParams, response: { 200: remoteInteractionAnswer } },
    };
    // A remote post of the home feed (its `remote_posts` id): like, boost, their undoing, reply.
    for (const [path, kind] of [
      ['like', 'like'],
      ['boost', 'boost'],
    ] as const) {
      app.post(`/federation/posts/:id/${path}/`, reaction, (request) =>
        interact().react(request.userId, request.params.id, kind),
      );
      app.delete(`/federation/posts/:id/${path}/`, reaction, (request) =>
        interact().undo(request.userId, request.params.id, kind),
      );
    }
    app.post(
      '/federation/posts/:id/reply/',
      {
        schema: {
          params: postParams,
          body: remoteReplyRequest,
          response: { 200: remoteInteractionAnswer },
        },
      },
      (request) => interact().reply(request.userId, request.params.id, request.body.content),
    );
  };
}
