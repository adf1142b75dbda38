import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { newClientAddress } from '../../test/auth.ts';
import { buildCreator, newKey, topUp } from '../../test/economy.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { png, uploadFile } from '../../test/media.ts';
import { multipart } from '../../test/multipart.ts';
import {
  createResponseValidator,
  type ResponseProblem,
  type ResponseValidator,
} from '../../test/openapi-validator.ts';

/**
 * A third party's journey through the API, every answer checked against the served document:
 * its status is listed for the operation and its body matches the documented schema.
 */

let t: TestApp;
let check: ResponseValidator;
const problems: ResponseProblem[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const served = await t.request({ method: 'GET', url: '/api/docs/openapi.json' });
  check = createResponseValidator(served.json());
});
afterAll(() => t.close());

type Call = InjectOptions & { token?: string; json?: unknown };

/** Sends the request and fails the test at once if the answer breaks the document. */
async function call(options: Call, expected: number): Promise<LightMyRequestResponse> {
  const { json, ...rest } = options;
  const res = await t.request({
    ...rest,
    ...(json === undefined
      ? {}
      : {
          payload: JSON.stringify(json),
          headers: { 'content-type': 'application/json', ...rest.headers },
        }),
  });
  const found = check(String(options.method ?? 'GET'), String(options.url), res);
  problems.push(...found);
  expect(found, `${options.method} ${options.url}: ${res.body}`).toEqual([]);
  expect(res.statusCode, `${options.method} ${options.url}: ${res.body}`).toBe(expected);
  return res;
}

describe('a journey through the API matches the API document', () => {
  let fan: TestUser;
  let creator: TestUser;

  it('signs up and signs in, and refuses bad credentials', async () => {
    const remoteAddress = newClientAddress();
    const username = `conformance_${Date.now().toString(36)}`;
    const body = {
      username,
      email: `${username}@example.com`,
      password: 'correct horse battery',
      password_confirm: 'correct horse battery',
    };
    await call({ method: 'POST', url: '/api/auth/signup/', json: body, remoteAddress }, 201);
    const signIn = { email: body.email, password: body.password };
    await call({ method: 'POST', url: '/api/auth/token/', json: signIn, remoteAddress }, 200);
    const wrong = { email: body.email, password: 'not the password at all' };
    await call({ method: 'POST', url: '/api/auth/token/', json: wrong, remoteAddress }, 401);
    // Validation: the spec's field map, with `code` and `fields`.
    const invalid = await call(
      { method: 'POST', url: '/api/auth/signup/', json: { ...body, email: 'nope' }, remoteAddress },
      400,
    );
    expect(invalid.json()).toMatchObject({
      code: 'validation_failed',
      fields: { email: [expect.any(String)] },
    });
  });

  it('reads the feed, posts, likes, comments and deletes', async () => {
    fan = await buildUser(t);
    creator = await buildCreator(t);
    await call({ method: 'GET', url: '/api/posts/?limit=5', token: fan.access }, 200);
    const form = multipart({
      fields: { content: 'Hello from the document', is_locked: 'false' },
      files: [{ name: 'media', filename: 'a.png', content: await png(), type: 'image/png' }],
    });
    const created = await call(
      { method: 'POST', url: '/api/posts/', ...form, token: creator.access },
      201,
    );
    const postId = created.json<{ id: number }>().id;
    await call({ method: 'GET', url: `/api/posts/${postId}/`, token: fan.access }, 200);
    await call({ method: 'PUT', url: `/api/posts/${postId}/like/`, token: fan.access }, 200);
    await call(
      {
        method: 'POST',
        url: `/api/posts/${postId}/comments/`,
        json: { content: 'Thanks for reading' },
        token: creator.access,
      },
      201,
    );
    const comments = `/api/posts/${postId}/comments/`;
    await call({ method: 'GET', url: comments, token: creator.access }, 200);
    // Comments are for subscribers: the fan is refused, in the documented shape.
    const refused = await call({ method: 'GET', url: comments, token: fan.access }, 403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    // Someone else's post: 403 or 404, whichever the server says, must be documented.
    const notMine = await t.request({
      method: 'DELETE',
      url: `/api/posts/${postId}/`,
      token: fan.access,
    });
    expect(check('DELETE', `/api/posts/${postId}/`, notMine)).toEqual([]);
    expect(notMine.statusCode).toBeGreaterThanOrEqual(403);
    await call({ method: 'DELETE', url: `/api/posts/${postId}/`, token: creator.access }, 204);
    await call({ method: 'GET', url: `/api/posts/${postId}/`, token: fan.access }, 404);
  });

  it('answers 400, 401, 403 and 404 in the one error shape', async () => {
    const bad = await call({ method: 'GET', url: '/api/posts/abc/', token: fan.access }, 400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', id: [expect.any(String)] });
    const anonymous = await call({ method: 'GET', url: '/api/posts/' }, 401);
    expect(anonymous.json()).toMatchObject({ code: 'not_authenticated' });
    const notAdmin = await call(
      { method: 'GET', url: '/api/admin/users/', token: fan.access },
      404,
    );
    expect(notAdmin.json()).toMatchObject({ code: 'not_found' });
    const forbidden = await call(
      {
        method: 'GET',
        url: '/api/creator/analytics/?from=2026-01-01&to=2026-01-31',
        token: fan.access,
      },
      403,
    );
    expect(forbidden.json()).toMatchObject({ code: 'forbidden', detail: expect.any(String) });
    await call({ method: 'GET', url: '/api/posts/999999999/', token: fan.access }, 404);
  });

  it('uploads a file and messages another user', async () => {
    const upload = await uploadFile(t, fan, { content: await png(), context: 'post_image' });
    expect(check('POST', '/api/uploads/', upload)).toEqual([]);
    expect(upload.statusCode).toBe(201);
    const started = await call(
      {
        method: 'POST',
        url: '/api/messaging/conversations/start_conversation/',
        json: { recipient_id: creator.id },
        token: fan.access,
      },
      200,
    );
    const conversationId = started.json<{ id: number }>().id;
    await call(
      {
        method: 'POST',
        url: `/api/messaging/conversations/${conversationId}/send_message/`,
        json: { text: 'Hi there' },
        token: fan.access,
      },
      201,
    );
    await call(
      {
        method: 'GET',
        url: `/api/messaging/conversations/${conversationId}/messages/`,
        token: creator.access,
      },
      200,
    );
  });

  it('pays with an Idempotency-Key, refuses a payment without one, and a repeat conflicts', async () => {
    await topUp(t, fan, '20.00');
    const key = newKey();
    const subscribe = (idempotency: string | undefined) =>
      call(
        {
          method: 'POST',
          url: '/api/auth/subscriptions/',
          json: { creator_id: creator.id },
          token: fan.access,
          headers: idempotency ? { 'idempotency-key': idempotency } : {},
        },
        idempotency ? 201 : 400,
      );
    const missing = await subscribe(undefined);
    expect(missing.json()).toMatchObject({ code: 'idempotency_key_missing' });
    await subscribe(key);
    // Subscribing again with a new key: already subscribed, refused and documented.
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/subscriptions/',
      payload: JSON.stringify({ creator_id: creator.id }),
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      token: fan.access,
    });
    expect(check('POST', '/api/auth/subscriptions/', again)).toEqual([]);
    expect([400, 409]).toContain(again.statusCode);
  });

  it('says how long to wait when rate limited', async () => {
    const remoteAddress = newClientAddress();
    await t.services.rateLimits.useUp('loginPerClient', remoteAddress);
    const limited = await call(
      {
        method: 'POST',
        url: '/api/auth/token/',
        json: { email: fan.email, password: fan.password },
        remoteAddress,
      },
      429,
    );
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('found no answer the document does not describe', () => {
    expect(problems).toEqual([]);
  });
});
