import { messages } from '@zura/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { newClientAddress } from '../../../test/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Every public auth endpoint with a body that passes its schema. */
const endpoints: { url: string; valid: Record<string, string> }[] = [
  {
    url: '/api/auth/signup/',
    valid: {
      username: 'bad_input_user',
      email: 'bad-input@example.com',
      password: 'a long enough password',
      password_confirm: 'a long enough password',
    },
  },
  { url: '/api/auth/token/', valid: { email: 'someone@example.com', password: 'a password' } },
  { url: '/api/auth/token/refresh/', valid: { refresh: 'some-refresh-token' } },
  { url: '/api/auth/logout/', valid: { refresh: 'some-refresh-token' } },
  { url: '/api/auth/verify-email/', valid: { token: 'some-token' } },
  { url: '/api/auth/password-reset/', valid: { email: 'someone@example.com' } },
  { url: '/api/auth/password-reset/verify-token/', valid: { token: 'some-token' } },
  {
    url: '/api/auth/password-reset/confirm/',
    valid: { token: 'some-token', new_password: 'a long enough password' },
  },
];

function send(
  url: string,
  payload: string | Buffer | undefined,
  contentType: string | null = 'application/json',
): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url,
    remoteAddress: newClientAddress(),
    headers: contentType ? { 'content-type': contentType } : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The common promise of every case: a 4xx answered as JSON, never a 5xx. */
function expectClientError(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
}

let freshCounter = 0;
/** `valid` with a username and address no other request used (where it has them). */
function fresh(valid: Record<string, string>, kind: string) {
  freshCounter += 1;
  const tag = `${kind}${freshCounter}q`;
  const body = { ...valid };
  if (body.username) body.username = `${body.username}_${tag}`;
  if (body.email) body.email = `${tag}.${body.email}`;
  return { tag, body };
}

describe.each(endpoints)('bad input to POST $url', ({ url, valid }) => {
  const fields = Object.keys(valid);

  it('malformed JSON → 400 with a clear detail', async () => {
    const res = await send(url, '{"email": "a@b.c",');
    expectClientError(res, 400);
    expect(res.json()).toMatchObject({ detail: 'Malformed JSON in request body.' });
  });

  it.each([
    ['an array', '[]'],
    ['an array of the fields', JSON.stringify([valid])],
    ['a string', '"hello"'],
    ['a number', '42'],
    ['null', 'null'],
    ['true', 'true'],
  ])('a JSON body that is %s → 400 asking for an object', async (_, payload) => {
    const res = await send(url, payload);
    expectClientError(res, 400);
    expect(res.json()).toMatchObject({ non_field_errors: ['Expected a JSON object.'] });
  });

  it.each([
    ['a number', 12345],
    ['a boolean', true],
    ['null', null],
    ['an object', { value: 'x' }],
    ['an array', ['x']],
  ])('each field given %s → 400 naming that field', async (_, wrong) => {
    for (const field of fields) {
      const res = await send(url, JSON.stringify({ ...valid, [field]: wrong }));
      expectClientError(res, 400);
      expect(res.json()).toMatchObject({ [field]: [messages.required] });
    }
  });

  it('each missing field → 400 naming that field', async () => {
    for (const field of fields) {
      const { [field]: _omitted, ...rest } = valid;
      const res = await send(url, JSON.stringify(rest));
      expectClientError(res, 400);
      expect(res.json()).toMatchObject({ [field]: [messages.required] });
    }
  });

  it('an empty object → 400 naming every field', async () => {
    const res = await send(url, '{}');
    expectClientError(res, 400);
    expect(res.json()).toMatchObject(
      Object.fromEntries(fields.map((f) => [f, [messages.required]])),
    );
  });

  it('an empty body declared as JSON → 400', async () => {
    const res = await send(url, '');
    expectClientError(res, 400);
    expect(res.json()).toMatchObject({
      detail: 'The request body is empty but JSON was declared.',
    });
  });

  it('no body and no Content-Type → 400 asking for an object', async () => {
    const res = await send(url, undefined, null);
    expectClientError(res, 400);
    expect(res.json()).toMatchObject({ non_field_errors: ['Expected a JSON object.'] });
  });

  it('a body over 1 MB → 413', async () => {
    const big = JSON.stringify({ ...valid, [fields[0] as string]: 'x'.repeat(1024 * 1024) });
    const res = await send(url, big);
    expectClientError(res, 413);
    expect(res.json()).toMatchObject({ detail: 'The request body is larger than 1 MB.' });
  });

  it.each(['application/xml', 'application/x-www-form-urlencoded', 'text/html'])(
    'Content-Type %s → 415 asking for JSON',
    async (contentType) => {
      const res = await send(url, '<email>a@b.c</email>', contentType);
      expectClientError(res, 415);
      expect(res.json()).toMatchObject({
        detail: `Unsupported Content-Type "${contentType}". Send application/json.`,
      });
    },
  );

  it.each(['text/plain', 'multipart/form-data; boundary=x'])(
    'a %s body → 400 asking for a JSON object',
    async (contentType) => {
      const res = await send(url, JSON.stringify(valid), contentType);
      expectClientError(res, 400);
      expect(res.json()).toMatchObject({ non_field_errors: ['Expected a JSON object.'] });
    },
  );

  it('a __proto__ key → 400, never a polluted object', async () => {
    const res = await send(url, `{"__proto__": {"admin": true}, ${JSON.stringify(valid).slice(1)}`);
    expectClientError(res, 400);
    expect(res.json()).toMatchObject({ detail: expect.any(String) });
  });

  it('a NUL character in any field is never a 5xx', async () => {
    for (const field of fields) {
      const res = await send(url, JSON.stringify({ ...valid, [field]: `a\u0000${valid[field]}` }));
      expect(res.statusCode, `${field}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('a very long field just under 1 MB is never a 5xx', async () => {
    for (const field of fields) {
      const res = await send(url, JSON.stringify({ ...valid, [field]: 'y'.repeat(900_000) }));
      expect(res.statusCode, `${field}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('unknown fields are ignored, not an error', async () => {
    // The same answer as without them: two fresh bodies (sign-up would refuse a taken name),
    // whose names the answers may echo, compared with the names swapped.
    const plain = fresh(valid, 'p');
    const extra = fresh(valid, 'x');
    const without = await send(url, JSON.stringify(plain.body));
    const res = await send(url, JSON.stringify({ ...extra.body, is_admin: true, extra: [1, 2] }));
    expect(res.statusCode, res.body).toBe(without.statusCode);
    expect(res.body.replaceAll(extra.tag, plain.tag)).toBe(without.body);
    expect(res.json()).not.toHaveProperty('is_admin');
    expect(res.json()).not.toHaveProperty('extra');
  });
});
