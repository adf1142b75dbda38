import {
  audiencePage,
  audienceSearchQuery,
  countRecipientsBody,
  createMassMessageBody,
  massContentSchema,
  massMessage,
  massMessageList,
  muteState,
  recipientCount,
  welcomeMessageState,
} from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pathUserKey } from '../../lib/validation.ts';
import type { MassMessagesService } from './service.ts';

// Named like the blocks routes' parameter, which the router requires of /auth/users/ paths.
const userParams = z.object({ idOrUsername: pathUserKey() });

const content = (body: z.output<typeof massContentSchema>) => ({
  text: body.text,
  mediaIds: body.media_ids,
  priceCents: body.price ?? null,
});

/** Mass messages, the welcome message (creators only) and muting a creator (anyone). */
export function massMessagesRoutes(deps: {
  massMessages: MassMessagesService;
}): FastifyPluginAsyncZod {
  const { massMessages } = deps;
  // After sign-in (onRequest) and before the body is validated: a fan gets 403, not a 400.
  const creatorsOnly = {
    preValidation: (request: FastifyRequest) =>
      massMessages.requireCreator(request.userId).then(() => undefined),
  };
  return async (app) => {
    app.get(
      '/creator/mass-messages/',
      { ...creatorsOnly, schema: { response: { 200: massMessageList } } },
      (request) => massMessages.list(request.userId),
    );
    app.post(
      '/creator/mass-messages/',
      { ...creatorsOnly, schema: { body: createMassMessageBody, response: { 201: massMessage } } },
      async (request, reply) => {
        const created = await massMessages.create(
          request.userId,
          content(request.body),
          request.body.segment,
        );
        return reply.status(201).send(created);
      },
    );
    app.get(
      '/creator/mass-messages/audience/',
      {
        ...creatorsOnly,
        schema: { querystring: audienceSearchQuery, response: { 200: audiencePage } },
      },
      (request) =>
        massMessages.searchAudience(request.userId, request.query.q, request.query.after),
    );
    app.post(
      '/creator/mass-messages/count/',
      { ...creatorsOnly, schema: { body: countRecipientsBody, response: { 200: recipientCount } } },
      (request) => massMessages.countRecipients(request.userId, request.body.segment),
    );
    app.get(
      '/creator/welcome-message/',
      { ...creatorsOnly, schema: { response: { 200: welcomeMessageState } } },
      (request) => massMessages.getWelcome(request.userId),
    );
    app.put(
      '/creator/welcome-message/',
      {
        ...creatorsOnly,
        schema: { body: massContentSchema, response: { 200: welcomeMessageState } },
      },
      (request) => massMessages.putWelcome(request.userId, content(request.body)),
    );
    app.delete(
      '/creator/welcome-message/',
      { ...creatorsOnly, schema: { response: { 200: welcomeMessageState } } },
      (request) => massMessages.deleteWelcome(request.userId),
    );
    app.get(
      '/auth/users/:idOrUsername/mute/',
      { schema: { params: userParams, response: { 200: muteState } } },
      (request) => massMessages.muteState(request.userId, request.params.idOrUsername),
    );
    app.put(
      '/auth/users/:idOrUsername/mute/',
      { schema: { params: userParams, response: { 200: muteState } } },
      (request) => massMessages.mute(request.userId, request.params.idOrUsername, true),
    );
    app.delete(
      '/auth/users/:idOrUsername/mute/',
      { schema: { params: userParams, response: { 200: muteState } } },
      (request) => massMessages.mute(request.userId, request.params.idOrUsername, false),
    );
  };
}
