import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ACCESS_KEY, completeDocument, type OpenApiDocument } from './api-docs-document.ts';
import { summaryFor, tagFor } from './api-docs-groups.ts';

/** Where the viewer answers; the document is at `${API_DOCS_PREFIX}/openapi.json`. */
const API_DOCS_PREFIX = '/api/docs';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

/**
 * The zod schemas of a route become its JSON Schemas (request bodies as they are read,
 * responses as they are written), and a route anyone may call says it needs no bearer token:
 * one marked public, and everything outside `/api` (media, share cards: their links are
 * signed or public). The route's access goes along for completeDocument's error answers.
 */
const transform: Transform = (document) => {
  const transformed = jsonSchemaTransform(document);
  const { url } = document;
  const verb = [document.route.method].flat()[0] ?? 'GET';
  // Grouped and named from the path unless the route says otherwise (api-docs-groups.ts).
  // A route without any schema (a redirect, a file) has none to extend.
  const own = (transformed.schema ?? {}) as { tags?: string[]; summary?: string };
  const schema = {
    ...transformed.schema,
    tags: own.tags ?? [tagFor(url)],
    summary: own.summary ?? summaryFor(verb, url),
  };
  const access = document.route.config?.access ?? 'user';
  const inApi = url === '/api' || url.startsWith('/api/');
  const withAccess = { ...schema, [ACCESS_KEY]: access };
  if (access !== 'public' && inApi) return { ...transformed, schema: withAccess };
  return { ...transformed, schema: { ...withAccess, security: [] } };
};

/**
 * The viewer's page has no viewport tag (a phone lays it out 980 px wide) and Swagger UI's
 * wide layout: a phone gets device width, wrapping paths and a narrower wrapper.
 */
const VIEWPORT_TAG = '<meta name="viewport" content="width=device-width, initial-scale=1">';
const PHONE_CSS = `
@media (max-width: 640px) {
  .swagger-ui .wrapper { padding: 0 8px; }
  .swagger-ui .info { margin: 16px 0; }
  .swagger-ui .info .title { font-size: 24px; }
  .swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
  .swagger-ui .opblock .opblock-summary-path { max-width: 100%; word-break: break-all; flex-shrink: 1; }
  .swagger-ui .opblock .opblock-summary-description { flex-basis: 100%; }
  .swagger-ui .opblock-tag { font-size: 18px; padding: 8px 4px; }
  .swagger-ui .scheme-container, .swagger-ui .topbar { padding: 8px; }
  .swagger-ui table, .swagger-ui .model-box, .swagger-ui .highlight-code { max-width: 100%; overflow-x: auto; display: block; }
  .swagger-ui .filter .operation-filter-input { width: 100%; }
}`;

/**
 * Collects every route registered after it (an onRoute hook) into an OpenAPI 3.1 document, so
 * it must be registered before the routes. The document is built on first request.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Zura API',
        version: '1',
        description:
          'The JSON API of a Zura instance. Sign in with `POST /api/auth/token/` and send ' +
          'the `access` token as `Authorization: Bearer <token>`; refresh it with ' +
          '`POST /api/auth/token/refresh/`. Every error answers an `ApiError`: a stable machine ' +
          "`code` (listed in docs/api.md) and a human `detail`; invalid input adds the fields' " +
          'messages, `{ "<field>": ["message"] }` and `fields`. Paying operations require an ' +
          '`Idempotency-Key` header. Live updates arrive on the `/ws/notifications/` socket ' +
          'and calls are signalled over `/peerjs`: both protocols are described in ' +
          'docs/live-protocol.md.',
      },
      // Relative: the paths are on the instance that serves this document.
      servers: [{ url: '/', description: 'This Zura instance' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform,
    // The document is built once; the last pass adds what the routes' schemas cannot say.
    transformObject: (built) =>
      completeDocument(
        (built as { openapiObject: unknown }).openapiObject as OpenApiDocument,
      ) as unknown as OpenAPIV3_1.Document,
  });
}

/**
 * The viewer (Swagger UI, every asset served from the npm package: it works offline) at
 * `/api/docs` and the document at `/api/docs/openapi.json`; public, outside the signed-in guard.
 */
export async function registerApiDocsViewer(app: FastifyInstance): Promise<void> {
  await app.register(async (viewer) => {
    viewer.addHook('onSend', async (request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (typeof payload !== 'string' || !type.startsWith('text/html')) return payload;
      return payload.replace('<meta charset="UTF-8">', `<meta charset="UTF-8">\n${VIEWPORT_TAG}`);
    });
    await viewer.register(fastifySwaggerUi, {
      routePrefix: API_DOCS_PREFIX,
      // Groups start closed and the schema section is not drawn: rendering every operation
      // and model of a few hundred routes at once took seconds. A filter finds a route by tag.
      uiConfig: {
        docExpansion: 'none',
        defaultModelsExpandDepth: -1,
        filter: true,
        deepLinking: true,
        tryItOutEnabled: false,
      },
      theme: { title: 'Zura API', css: [{ filename: 'phone.css', content: PHONE_CSS }] },
    });
  });
  app.get(`${API_DOCS_PREFIX}/openapi.json`, { schema: { hide: true } }, () => app.swagger());
  // The document is built on first use, which takes a while: build it once the server is up,
  // after start-up's own work, so the first reader does not wait for it.
  app.addHook('onListen', () => {
    setTimeout(() => {
      try {
        app.swagger();
      } catch (error) {
        // The first reader builds it again and gets the error as an answer, not a crash.
        app.log.error({ err: error }, 'api docs: building the document failed');
      }
    }, 1_000).unref();
  });
}
