import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { listConversations, startConversationRequest } from '../../test/messaging.ts';
import { multipart } from '../../test/multipart.ts';

let t: TestApp;
let caller: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  // Users 1 and 2: the ids that coercion used to make of `true` and `[1]`.
  await buildUser(t);
  caller = await buildUser(t);
});
afterAll(() => t.close());

const idMessage = (field: string) => `${field} must be an id: a whole number above 0.`;
const flagMessage = (field: string) => `${field} must be true or false.`;
const wholeNumber = (field: string) => `${field} must be a whole number.`;

describe('the reported cases', () => {
  it.each([
    ['true', true],
    ['[1]', [1]],
  ])('recipient_id %s starts no conversation', async (_, recipientId) => {
    const res = await startConversationRequest(t, caller, recipientId);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ recipient_id: [idMessage('recipient_id')] });
    expect(await listConversations(t, caller)).toEqual([]);
  });

  it('is_locked "maybe" on a new post creates no post', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/posts/',
      token: caller.access,
      ...multipart({ fields: { content: 'Secret', is_locked: 'maybe', password: 'abcd' } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ is_locked: [flagMessage('is_locked')] });
    const own = await t.request({
      method: 'GET',
      url: `/api/posts/user/${caller.id}/`,
      token: caller.access,
    });
    expect(own.json()).toEqual([]);
  });
});

/** A request with `field` in a form it does not take, named for the test, and its answer. */
type Case = { name: string; field: string; request: InjectOptions; answer?: string };

function json(method: 'POST' | 'PUT', url: string, field: string, body: object): Case {
  const sent = JSON.stringify((body as Record<string, unknown>)[field]);
  return {
    name: `${field}: ${sent} to ${method} ${url}`,
    field,
    request: {
      method,
      url,
      headers: { 'content-type': 'application/json', 'idempotency-key': `strict-${url}` },
      payload: JSON.stringify(body),
    },
  };
}

function form(method: 'POST' | 'PUT', url: string, field: string, fields: Record<string, string>) {
  const name = `${field}: "${fields[field]}" in a form to ${method} ${url}`;
  return { name, field, request: { method, url, ...multipart({ fields }) } };
}

function get(url: string, field: string, answer?: string): Case {
  return { name: `GET ${url}`, field, request: { method: 'GET', url }, answer };
}

const TIPS = '/api/tips/';
const SUBSCRIBE = '/api/auth/subscriptions/';
const START = '/api/messaging/conversations/start_conversation/';
const SEND = '/api/messaging/conversations/1/send_message/';
const PROFILE = '/api/auth/profile/';

const jsonIds: Case[] = [
  json('POST', TIPS, 'creator_id', { creator_id: '2', amount: '2' }),
  json('POST', TIPS, 'creator_id', { creator_id: true, amount: '2' }),
  json('POST', TIPS, 'post_id', { creator_id: 1, amount: '2', post_id: [1] }),
  json('POST', TIPS, 'post_id', { creator_id: 1, amount: '2', post_id: true }),
  json('POST', SUBSCRIBE, 'creator_id', { creator_id: true }),
  json('POST', SUBSCRIBE, 'creator_id', { creator_id: '1' }),
  json('POST', START, 'recipient_id', { recipient_id: '1' }),
  json('POST', START, 'recipient_id', { recipient_id: false }),
];

const jsonFlags: Case[] = [
  json('POST', SEND, 'is_locked', { text: 'hi', is_locked: 'true' }),
  json('POST', SEND, 'is_locked', { text: 'hi', is_locked: 1 }),
  json('POST', SEND, 'is_system', { text: 'hi', is_system: 0 }),
  json('PUT', PROFILE, 'show_tags', { show_tags: 1 }),
  json('PUT', PROFILE, 'is_profile_locked', { is_profile_locked: 'true' }),
  json('PUT', '/api/auth/settings/', 'showEmail', { showEmail: 'false' }),
];

// The web app's forms send 'true' and 'false'; nothing else is a flag.
const formFlags: Case[] = [
  ...['1', 'TRUE', 'yes', 'null', ''].map((value) =>
    form('POST', '/api/posts/', 'is_locked', { content: 'hi', is_locked: value }),
  ),
  form('PUT', PROFILE, 'is_profile_locked', { is_profile_locked: 'on' }),
];

const queryNumbers: Case[] = [
  get('/api/posts/?limit=1e1', 'limit'),
  get('/api/posts/?limit=%205', 'limit'),
  get('/api/posts/user/1/?limit=', 'limit'),
  get('/api/messaging/conversations/1/messages/?after=0x10', 'after'),
  get('/api/messaging/conversations/1/messages/?before=3.0', 'before'),
  get('/api/notifications/?after_id=', 'after_id'),
  get('/api/notifications/unread/?limit=5&limit=6', 'limit'),
  get('/api/explore/creators/?offset=-0', 'offset'),
  get('/api/library/?limit=true', 'limit'),
  get('/api/uploads/my-files/?limit=1e2', 'limit'),
  get('/api/wallet/transactions/?before=0x1', 'before'),
  get('/api/wallet/transactions/?limit=101', 'limit', 'limit must be at most 100.'),
];

function path(method: 'DELETE' | 'POST', url: string, field: string, answer: string): Case {
  return { name: `${method} ${url}`, field, request: { method, url }, answer };
}

const pathIds: Case[] = [
  path('DELETE', '/api/posts/1e0/', 'id', 'Not a valid post id.'),
  path('POST', '/api/notifications/0x1/mark_read/', 'id', 'Not a valid notification id.'),
  path('POST', '/api/auth/users/01/follow/', 'idOrUsername', 'Not a valid user id.'),
  path('DELETE', '/api/auth/users/0/block/', 'idOrUsername', 'Not a valid user id.'),
  path('DELETE', '/api/auth/sessions/1e3/', 'id', 'Not a valid session id.'),
  path('POST', '/api/auth/subscriptions/+1/cancel/', 'id', 'Not a valid subscription id.'),
];

describe.each([
  { kind: 'ids in JSON bodies', cases: jsonIds, message: idMessage },
  { kind: 'flags in JSON bodies', cases: jsonFlags, message: flagMessage },
  { kind: 'flags in forms', cases: formFlags, message: flagMessage },
  { kind: 'numbers in query strings', cases: queryNumbers, message: wholeNumber },
  { kind: 'ids in paths', cases: pathIds, message: wholeNumber },
])('$kind take only their documented form', ({ cases, message }) => {
  it.each(cases.map((c) => [c.name, c] as const))('%s → 400 naming the field', async (_, c) => {
    const res = await t.request({ ...c.request, token: caller.access });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ [c.field]: [c.answer ?? message(c.field)] });
  });
});
