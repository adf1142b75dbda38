import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.ts';
import type { TestUser } from './factories.ts';
import { png, uploadFile } from './media.ts';

/** Helpers for messaging, live and call tests: conversations, messages, attachments. */

type Caller = Pick<TestUser, 'access'> | undefined;

export type ConversationBody = {
  id: number;
  other_user: { id: number; username: string; avatar: string | null };
  unread_count: number;
  updated_at: string;
  last_message: {
    id: number;
    text: string;
    has_media: boolean;
    is_locked: boolean;
    is_unlocked: boolean;
  } | null;
};

export type AttachmentBody = {
  id: string;
  original_filename: string;
  file_size: number;
  content_type: string;
  file_url: string;
  is_image: boolean;
};

export type MessageBody = {
  id: number;
  conversation_id: number;
  text: string;
  created_at: string;
  sender: number;
  sender_name: string;
  has_media: boolean;
  is_locked: boolean;
  is_unlocked: boolean;
  price: number;
  price_cents: number;
  attachments: AttachmentBody[];
  is_system: boolean;
  roomId: string | null;
};

/** POSTs JSON as `user` (no token when undefined). */
export function postAs(t: TestApp, user: Caller, url: string, body: unknown = {}) {
  return t.request({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    ...(user ? { token: user.access } : {}),
  });
}

export function getAs(t: TestApp, user: Caller, url: string) {
  return t.request({ method: 'GET', url, ...(user ? { token: user.access } : {}) });
}

export function startConversationRequest(t: TestApp, user: Caller, recipientId: unknown) {
  return postAs(t, user, '/api/messaging/conversations/start_conversation/', {
    recipient_id: recipientId,
  });
}

/** The conversation of `a` and `b` as `a` sees it; fails the test unless it is answered. */
export async function startConversation(
  t: TestApp,
  a: TestUser,
  b: Pick<TestUser, 'id'>,
): Promise<ConversationBody> {
  const res = await startConversationRequest(t, a, b.id);
  if (res.statusCode !== 200) throw new Error(`start failed: ${res.statusCode} ${res.body}`);
  return res.json<ConversationBody>();
}

export function sendMessageRequest(
  t: TestApp,
  user: Caller,
  conversationId: number | string,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return postAs(t, user, `/api/messaging/conversations/${conversationId}/send_message/`, body);
}

/** Sends a message; fails the test unless it is created. */
export async function sendMessage(
  t: TestApp,
  user: TestUser,
  conversationId: number,
  body: Record<string, unknown> | string,
): Promise<MessageBody> {
  const res = await sendMessageRequest(
    t,
    user,
    conversationId,
    typeof body === 'string' ? { text: body } : body,
  );
  if (res.statusCode !== 201) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
  return res.json<MessageBody>();
}

export async function listMessages(
  t: TestApp,
  user: TestUser,
  conversationId: number,
  query = '',
): Promise<MessageBody[]> {
  const res = await getAs(
    t,
    user,
    `/api/messaging/conversations/${conversationId}/messages/${query}`,
  );
  if (res.statusCode !== 200) throw new Error(`messages failed: ${res.statusCode} ${res.body}`);
  return res.json<MessageBody[]>();
}

export async function listConversations(t: TestApp, user: TestUser): Promise<ConversationBody[]> {
  const res = await getAs(t, user, '/api/messaging/conversations/');
  if (res.statusCode !== 200)
    throw new Error(`conversations failed: ${res.statusCode} ${res.body}`);
  return res.json<ConversationBody[]>();
}

/** `user`'s view of one conversation in their list. */
export async function conversationOf(
  t: TestApp,
  user: TestUser,
  conversationId: number,
): Promise<ConversationBody | undefined> {
  return (await listConversations(t, user)).find((c) => c.id === conversationId);
}

/** Uploads a fresh PNG as a message attachment of `user` and answers the upload's id. */
export async function uploadAttachment(
  t: TestApp,
  user: TestUser,
  context = 'message_attachment',
  filename = 'photo.png',
): Promise<string> {
  const res = await uploadFile(t, user, { content: await png(), context, filename });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}

export function unlockRequest(t: TestApp, user: Caller, messageId: number | string) {
  return postAs(t, user, `/api/messaging/messages/${messageId}/unlock/`);
}

/** `room_{smaller id}_{larger id}`, the call room of a pair. */
export function roomOf(a: Pick<TestUser, 'id'>, b: Pick<TestUser, 'id'>): string {
  return `room_${Math.min(a.id, b.id)}_${Math.max(a.id, b.id)}`;
}

/** A signed media path as the presenters write it. */
/** A signed URL of the upload; a locked message's image names its buyer (`&to=`, issue 35). */
export const signedMediaUrl = (id: string, variant = 'original') =>
  new RegExp(`^/media/${id}/${variant}\\?exp=\\d+(&to=\\d+)?&sig=[\\w-]+$`);
