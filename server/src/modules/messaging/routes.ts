import {
  amountSchema,
  booleanField,
  CONVERSATIONS_PAGE_DEFAULT,
  CONVERSATIONS_PAGE_MAX,
  chatMessage,
  chatMessageList,
  conversationSummary,
  conversationSummaryList,
  MESSAGE_MAX_LENGTH,
  MESSAGE_TOO_LONG,
  sentAttachmentList,
} from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonId, pathId, queryInteger } from '../../lib/validation.ts';
import { keysetPageQuery } from '../posts/index.ts';
import {
  MAX_MESSAGE_PRICE_CENTS,
  MIN_MESSAGE_PRICE_CENTS,
  type MessagingService,
} from './service.ts';

const idParam = (label: string) => z.object({ id: pathId(`Not a valid ${label} id.`) });
const conversationsQuery = keysetPageQuery(CONVERSATIONS_PAGE_MAX, CONVERSATIONS_PAGE_DEFAULT);
const startBody = z.object({ recipient_id: jsonId('recipient_id', 'Choose who to message.') });
const messagesQuery = z.object({
  after: queryInteger('after', 0).optional(),
  before: queryInteger('before', 1).optional(),
  limit: queryInteger('limit', 1, 200).default(50),
});
const sendBody = z.object({
  text: z
    .string({ error: 'Send text as a string.' })
    // Counted trimmed, as the service stores it.
    .trim()
    .max(MESSAGE_MAX_LENGTH, { error: MESSAGE_TOO_LONG })
    .default(''),
  is_locked: booleanField('is_locked').default(false),
  price: amountSchema(MIN_MESSAGE_PRICE_CENTS, MAX_MESSAGE_PRICE_CENTS).optional(),
  uploaded_file_uuids: z
    .array(z.uuid({ error: 'Attachments must be file ids.' }), {
      error: 'Send a list of file ids.',
    })
    .max(50)
    .default([]),
  is_system: booleanField('is_system').default(false),
  roomId: z.string().max(100).optional(),
});
const attachmentParams = z.object({ id: z.uuid({ error: 'Not a valid attachment id.' }) });

export function messagingRoutes(deps: { messaging: MessagingService }): FastifyPluginAsyncZod {
  const { messaging } = deps;
  return async (app) => {
    app.post(
      '/messaging/conversations/start_conversation/',
      { schema: { body: startBody, response: { 200: conversationSummary } } },
      (request) => messaging.startConversation(request.userId, request.body.recipient_id),
    );
    // The body stays a bare array, as the posts lists; the next page is in `Link`.
    app.get(
      '/messaging/conversations/',
      { schema: { querystring: conversationsQuery, response: { 200: conversationSummaryList } } },
      async (request, reply) => {
        const { limit, before } = request.query;
        const page = await messaging.listConversations(request.userId, before, limit);
        if (page.nextCursor) {
          const path = request.url.split('?')[0] ?? '';
          void reply.header(
            'link',
            `<${path}?limit=${limit}&before=${page.nextCursor}>; rel="next"`,
          );
        }
        void reply.header('x-unread-messages', String(page.unreadMessages));
        return reply.send(page.conversations);
      },
    );
    app.get(
      '/messaging/conversations/:id/messages/',
      {
        schema: {
          params: idParam('conversation'),
          querystring: messagesQuery,
          response: { 200: chatMessageList },
        },
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
      {
        schema: { params: idParam('conversation'), body: sendBody, response: { 201: chatMessage } },
      },
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
      { schema: { params: idParam('message'), response: { 200: chatMessage } } },
      (request) => messaging.unlockMessage(request.userId, request.params.id),
    );
    app.get(
      '/messaging/attachments/',
      { schema: { response: { 200: sentAttachmentList } } },
      (request) => messaging.listAttachments(request.userId),
    );
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
