import { beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCED_OPERATIONS } from './api-docs-headers.ts';
import { buildApiDocument } from './api-docs-offline.ts';

type Parameter = { name: string; in: string; required?: boolean; schema?: { type?: string } };
type Response = { content?: Record<string, { schema?: { $ref?: string } }>; headers?: object };
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, Response>;
  security?: unknown[];
};

let operations: [key: string, operation: Operation][];
beforeAll(async () => {
  const document = (await buildApiDocument()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
}, 60_000);

const find = (key: string) => operations.find(([name]) => name === key)?.[1];

describe('the API document, built from the routes alone', () => {
  it('names every operation once, with a summary and a tag', () => {
    const ids = operations.map(([, operation]) => operation.operationId);
    expect(ids.filter((id) => id === undefined)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const unnamed = operations.filter(([, op]) => !op.summary || (op.tags ?? []).length === 0);
    expect(unnamed.map(([key]) => key)).toEqual([]);
  });

  it('answers every error with the one ApiError body, and a 500 everywhere', () => {
    const wrong = operations.flatMap(([key, operation]) =>
      Object.entries(operation.responses)
        .filter(([status]) => /^[45]/.test(status) && key !== 'GET /peerjs/{key}/peers')
        .filter(([, response]) => {
          const ref = response.content?.['application/json']?.schema?.$ref;
          return ref !== '#/components/schemas/ApiError';
        })
        .map(([status]) => `${key} ${status}`),
    );
    expect(wrong).toEqual([]);
    const without500 = operations.filter(([, operation]) => !operation.responses['500']);
    expect(without500.map(([key]) => key)).toEqual([]);
  });

  it('documents the bodies of the routes that read their own', () => {
    expect(Object.keys(find('POST /api/posts/')?.requestBody?.content ?? {})).toEqual([
      'multipart/form-data',
    ]);
    expect(Object.keys(find('POST /api/uploads/')?.requestBody?.content ?? {})).toEqual([
      'multipart/form-data',
    ]);
    expect(Object.keys(find('PUT /api/auth/profile/')?.requestBody?.content ?? {})).toEqual([
      'application/json',
      'multipart/form-data',
    ]);
    expect(find('POST /api/auth/creator-application/')?.requestBody).toBeDefined();
    expect(find('POST /api/wallet/webhooks/stripe/')?.requestBody).toBeDefined();
  });

  it('requires an Idempotency-Key on the paying operations', () => {
    for (const key of [
      'POST /api/tips/',
      'POST /api/auth/subscriptions/',
      'POST /api/wallet/topups/',
      'POST /api/wallet/payouts/',
      'POST /api/posts/{id}/purchase/',
    ]) {
      const header = find(key)?.parameters?.find((p) => p.name === 'Idempotency-Key');
      expect(header, key).toMatchObject({ in: 'header', required: true });
    }
  });

  it('types path ids and page sizes as integers, and sends Retry-After with 429', () => {
    const id = find('GET /api/posts/{id}/')?.parameters?.find((p) => p.name === 'id');
    expect(id?.schema?.type).toBe('integer');
    const limit = find('GET /api/posts/')?.parameters?.find((p) => p.name === 'limit');
    expect(limit?.schema?.type).toBe('integer');
    expect(find('POST /api/auth/token/')?.responses['429']?.headers).toHaveProperty('Retry-After');
  });

  it('answers 204 without a body where a route deletes, and needs no token outside /api', () => {
    const deleted = find('DELETE /api/posts/{id}/')?.responses;
    expect(deleted?.['204']).toEqual({ description: 'Deleted.' });
    expect(deleted?.['200']).toBeUndefined();
    expect(find('GET /media/{id}/{variant}')?.security).toEqual([]);
    expect(find('GET /api/creator/audience/export/')?.responses['200']?.content).toHaveProperty(
      'text/csv',
    );
  });

  it('documents the headers beside the body: the next page, the feed source, limits', () => {
    const headersOf = (key: string, status: string) =>
      Object.keys(find(key)?.responses[status]?.headers ?? {});
    for (const key of [
      'GET /api/posts/',
      'GET /api/posts/user/{idOrUsername}/',
      'GET /api/posts/liked/',
      'GET /api/posts/drafts/',
      'GET /api/messaging/conversations/',
    ]) {
      expect(headersOf(key, '200'), key).toContain('Link');
    }
    expect(headersOf('GET /api/posts/', '200')).toContain('X-Feed-Source');
    expect(headersOf('GET /api/messaging/conversations/', '200')).toContain('X-Unread-Messages');
    const limits = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
    expect(headersOf('POST /api/auth/token/', '200')).toEqual(expect.arrayContaining(limits));
    expect(headersOf('POST /api/auth/token/', '429')).toEqual(
      expect.arrayContaining(['Retry-After', ...limits]),
    );
    // Sign-in by two-factor code counts against the account's silent budget only.
    expect(headersOf('POST /api/auth/token/2fa/', '200')).not.toContain('RateLimit-Limit');
    // Each pattern names real operations, and each of them can answer 429.
    for (const pattern of ANNOUNCED_OPERATIONS) {
      const named = operations.filter(([key]) => pattern.test(key));
      expect(named.length, String(pattern)).toBeGreaterThan(0);
      for (const [key, operation] of named) expect(operation.responses, key).toHaveProperty('429');
    }
  });
});
