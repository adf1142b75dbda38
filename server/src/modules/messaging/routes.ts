import { amountSchema } from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_MESSAGE_PRICE_CENTS,
  MESSAGE_MAX_LENGTH,
  MIN_MESSAGE_PRICE_CENTS,
  type MessagingService,
} from './service.ts';

const idParam = (label: string) =>
  z.object({
    id: z.coerce
      .number({ error: `Not a valid ${label} id.` })
      .int()
      .positive()
      .max(Number.MAX_SAFE_INTEGER),
  });
const startBody = z.object({
  recipient_id: z.coerce.number({ error: 'Choose who to message.' }).int().positive(),
});
const messagesQuery = z.object({
  after: z.coerce.number().int().min(0).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const sendBody = z.object({
  text: z
    .string({ error: 'Send text as a string.' })
    .max(20_000, { error: `Messages can be at most ${MESSAGE_MAX_LENGTH} characters long.` })
    .default(''),
  is_locked: z.boolean({ error: 'is_locked must be true or false.' }).default(false),
  price: amountSchema(MIN_MESSAGE_PRICE_CENTS, MAX_MESSAGE_PRICE_CENTS).optional(),
  uploaded_file_uuids: z
    .array(z.uuid({ error: 'Attachments must be file ids.' }), {
      error: 'Send a list of file ids.',
    })
    .max(50)
    .default([]),
  is_system: z.boolean().default(false),
  roomId: z.string().max(100).optional(),
});
const attachmentParams = z.object({ id: z.uuid({ error: 'Not a valid attachment id.' }) });

export function messagingRoutes(deps: { messaging: MessagingService }): FastifyPluginAsyncZod {
  const { messaging } = deps;
  return async (app) => {
    app.post(
      '/messaging/conversations/start_conversation/',
      { schema: { body: startBody } },
      (request) => messaging.startConversation(request.userId, request.body.recipient_id),
    );
    app.get('/messaging/conversations/', (request) => messaging.listConversations(request.userId));
    app.get(
      '/messaging/conversations/:id/messages/',
      {
        schema: { params: idParam('conversation'), querystring: messagesQuery },
      },
      (request) =>
        messaging.listMessages(request.userId, request.params.id, {
          afterId: request.query.after,
          beforeId: request.query.before,
          limit: request.query.limit,
        }),
    );
    app.post(
      '/messaging/conversations/:id/send_message/',
      { schema: { params: idParam('conversation'), body: sendBody } },
      async (request, reply) => {
        const body = request.body;
        const message = await messaging.sendMessage(request.userId, request.params.id, {
          text: body.text,
          isLocked: body.is_locked,
          priceCents: body.price,
          uploadedFileIds: body.uploaded_file_uuids,
          isSystem: body.is_system,
          roomId: body.roomId,
        });
        return reply.status(201).send(message);
      },
    );
    app.post(
      '/messaging/messages/:id/unlock/',
      { schema: { params: idParam('message') } },
      (request) => messaging.unlockMessage(request.userId, request.params.id),
    );
    app.get('/messaging/attachments/', (request) => messaging.listAttachments(request.userId));
    app.delete(
      '/messaging/attachments/:id/delete_attachment/',
      { schema: { params: attachmentParams } },
      async (request, reply) => {
        await messaging.deleteAttachment(request.userId, request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
