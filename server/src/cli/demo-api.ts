import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A file for a multipart body. */
export type DemoFile = { field: string; filename: string; type: string; bytes: Buffer };

/** A multipart body as `app.inject` takes it. */
export type MultipartBody = { payload: Buffer; contentType: string };

export async function multipart(
  fields: Record<string, string>,
  files: DemoFile[] = [],
): Promise<MultipartBody> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) {
    form.append(
      file.field,
      new Blob([new Uint8Array(file.bytes)], { type: file.type }),
      file.filename,
    );
  }
  const request = new Request('http://seed.local', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

function isMultipart(body: unknown): body is MultipartBody {
  return typeof body === 'object' && body !== null && 'payload' in body && 'contentType' in body;
}

/**
 * One request to the platform's own API, in process: the seed goes through every rule a user
 * goes through. Anything but success stops the seed with the answer.
 */
export async function call<T = Record<string, unknown>>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  token: string | undefined,
  body?: object,
): Promise<T> {
  const form = isMultipart(body) ? body : undefined;
  const response = await app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      // Paying requests need one; the seed never retries, so each request has its own.
      ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
      ...(form ? { 'content-type': form.contentType } : {}),
    },
    ...(body === undefined ? {} : { payload: form ? form.payload : body }),
  });
  if (response.statusCode >= 400)
    throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return (response.body ? response.json() : {}) as T;
}

/** Signs up (when new) and signs in; answers the access token and the user's id. */
export async function demoAccount(
  app: FastifyInstance,
  account: { username: string; email: string; password: string },
): Promise<{ access: string; id: number }> {
  await call(app, 'POST', '/api/auth/signup/', undefined, {
    username: account.username,
    email: account.email,
    password: account.password,
    password_confirm: account.password,
  });
  const { access } = await call<{ access: string }>(app, 'POST', '/api/auth/token/', undefined, {
    email: account.email,
    password: account.password,
  });
  const { id } = await call<{ id: number }>(app, 'GET', '/api/auth/profile/', access);
  return { access, id };
}
