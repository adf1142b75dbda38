import { compileErrors, validate } from '@readme/openapi-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { listRoutes, type ListedRoute } from '../../test/routes.ts';

type Operation = {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: unknown[];
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let document: Document;
/** The same document typed as the validator wants it. */
let openApiDocument: OpenAPIV3_1.Document;
let apiRoutes: ListedRoute[];
beforeAll(async () => {
  t = await buildTestApp();
  const answer = await t.request({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(answer.statusCode).toBe(200);
  document = answer.json<Document>();
  openApiDocument = answer.json<OpenAPIV3_1.Document>();
  apiRoutes = listRoutes(t.app).filter(
    ({ url, method }) =>
      (url === '/api' || url.startsWith('/api/')) &&
      !url.startsWith('/api/docs') &&
      method !== 'HEAD' &&
      method !== 'OPTIONS',
  );
});
afterAll(() => t.close());

const name = (route: ListedRoute) => `${route.method} ${route.url}`;
/** `/api/posts/:id/` as OpenAPI writes it: `/api/posts/{id}/`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
// The health check answers at `/api` and `/api/`; the document names it once, as `/api/`.
const documentedPath = (url: string) => openApiPath(url === '/api' ? '/api/' : url);
const operationOf = (route: Pick<ListedRoute, 'method' | 'url'>) =>
  document.paths[documentedPath(route.url)]?.[route.method.toLowerCase()];

/**
 * API routes whose success answer is not a JSON body, so there is no response schema to give:
 * each says why. Everything else must have one for each success status it answers.
 */
const NOT_JSON: Record<string, string> = {
  'GET /api/creator/audience/export/': 'a CSV file to download',
  'GET /api/creator/analytics/export/': 'a CSV file to download',
  'GET /api/creator/leak-trace/:id/takedown/': 'a text notice to download',
  'GET /api/admin/leak-trace/:id/takedown/': 'a text notice to download',
  'DELETE /api/uploads/:id/': 'answers 204, no body',
  'DELETE /api/posts/:id/': 'answers 204, no body',
  'DELETE /api/federation/domain-blocks/:id/': 'answers 204, no body',
  'DELETE /api/federation/deliveries/:id/': 'answers 204, no body',
  'DELETE /api/messaging/attachments/:id/delete_attachment/': 'answers 204, no body',
};

function successSchemas(operation: Operation | undefined): unknown[] {
  const responses = Object.entries(operation?.responses ?? {});
  return responses
    .filter(([status]) => /^2\d\d$/.test(status))
    .map(([, response]) => response.content?.['application/json']?.schema);
}

describe('the OpenAPI document', () => {
  it('is served to anyone at /api/docs/openapi.json and is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(openApiDocument);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('lists every API route', () => {
    const missing = apiRoutes.filter((route) => operationOf(route) === undefined).map(name);
    expect(missing).toEqual([]);
  });

  it('gives every JSON route a response schema for its success statuses', () => {
    const without = apiRoutes
      .map(name)
      .filter((route) => !(route in NOT_JSON))
      .filter((route) => {
        const [method = '', url = ''] = route.split(' ');
        const schemas = successSchemas(operationOf({ method, url }));
        return schemas.length === 0 || schemas.some((schema) => schema === undefined);
      });
    expect(without).toEqual([]);
  });

  it('describes bearer sign-in, and public routes as needing none', () => {
    expect(JSON.stringify(document)).toContain('"bearer"');
    expect(operationOf({ method: 'POST', url: '/api/auth/signup/' })?.security).toEqual([]);
  });
});

describe('the viewer at /api/docs', () => {
  it('answers its page and its script from the package, without signing in', async () => {
    const page = await t.request({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const script = /src="([^"]*swagger-ui-bundle\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    // Nothing from elsewhere: the viewer must work offline.
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    const url = new URL(script ?? '', 'http://zura.test/api/docs').pathname;
    const bundle = await t.request({ method: 'GET', url });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
  });
});
