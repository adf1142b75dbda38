import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Where the viewer answers; the document is at `${API_DOCS_PREFIX}/openapi.json`. */
const API_DOCS_PREFIX = '/api/docs';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

/**
 * The zod schemas of a route become its JSON Schemas (request bodies as they are read,
 * responses as they are written), and a route anyone may call says it needs no bearer token.
 */
const transform: Transform = (document) => {
  const transformed = jsonSchemaTransform(document);
  if (document.route.config?.access !== 'public') return transformed;
  return { ...transformed, schema: { ...transformed.schema, security: [] } };
};

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
          '`POST /api/auth/token/refresh/`. Errors are `{ "detail": "..." }`, or ' +
          '`{ "field": ["message"] }` for invalid input. Live updates arrive on the `/ws` socket.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform,
  });
}

/**
 * The viewer (Swagger UI, every asset served from the npm package: it works offline) at
 * `/api/docs` and the document at `/api/docs/openapi.json`; public, outside the signed-in guard.
 */
export async function registerApiDocsViewer(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
  });
  app.get(`${API_DOCS_PREFIX}/openapi.json`, { schema: { hide: true } }, () => app.swagger());
}
