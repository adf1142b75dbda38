import { operationIdFor } from './api-docs-operation-ids.ts';
import { requestBodies } from './api-docs-bodies.ts';
import {
  announcesLimits,
  RATE_LIMIT_RESPONSE_HEADERS,
  successHeadersOf,
} from './api-docs-headers.ts';
import {
  API_ERROR_SCHEMA,
  errorResponse,
  errorStatusesOf,
  type ApiResponse,
} from './api-docs-responses.ts';

/**
 * The last pass over the document @fastify/swagger builds from the routes: what a route's zod
 * schemas cannot say. Every operation gets its operationId, the bodies of routes that read their
 * own body, every error answer (one `ApiError` body), the headers the server requires or sends,
 * integers where the path and query take whole numbers, and the media types of files.
 */

/** Where the transform leaves the route's `config.access` for this pass (then removed). */
export const ACCESS_KEY = 'x-zura-access';

type Schema = Record<string, unknown>;
type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema | undefined;
};
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: unknown;
  responses: Record<string, ApiResponse>;
  security?: unknown[];
  [ACCESS_KEY]?: string;
};
export type OpenApiDocument = {
  info: { description?: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown> } & Record<string, unknown>;
  openapi: string;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Paying operations: the server refuses them without an Idempotency-Key (wallet/idempotency.ts). */
const IDEMPOTENT =
  /^POST \/api\/(tips|auth\/subscriptions|wallet\/(topups|payouts)|posts\/\{id\}\/purchase)\/$/;

const IDEMPOTENCY_KEY: Parameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  description:
    'A key of this attempt (8 to 200 letters, digits or `. _ : -`): a retry with the same key ' +
    'and body answers the first answer again and pays once; the same key with another body ' +
    'answers 422.',
  schema: { type: 'string', pattern: '^[\\w.:-]{8,200}$' },
};

const STRIPE_SIGNATURE: Parameter = {
  name: 'Stripe-Signature',
  in: 'header',
  required: true,
  description: "Stripe's signature over the raw body.",
  schema: { type: 'string' },
};

const binary = (type: string) => ({ [type]: { schema: { type: 'string', format: 'binary' } } });
const csv = { 'text/csv': { schema: { type: 'string' } } };
const text = { 'text/plain': { schema: { type: 'string' } } };

/** Success answers that are not JSON, or have no body, by `METHOD /path/`. */
const OTHER_SUCCESSES: Record<string, Record<string, ApiResponse>> = {
  'DELETE /api/posts/{id}/': { '204': { description: 'Deleted.' } },
  'DELETE /api/uploads/{id}/': { '204': { description: 'Deleted.' } },
  'DELETE /api/messaging/attachments/{id}/delete_attachment/': {
    '204': { description: 'Deleted.' },
  },
  'GET /api/creator/audience/export/': {
    '200': { description: 'The audience as a CSV file to download.', content: csv },
  },
  'GET /api/creator/analytics/export/': {
    '200': { description: 'The analytics as a CSV file to download.', content: csv },
  },
  'GET /api/creator/leak-trace/{id}/takedown/': {
    '200': { description: 'A takedown notice filled in for the trace, as text.', content: text },
  },
  'GET /api/admin/leak-trace/{id}/takedown/': {
    '200': { description: 'A takedown notice filled in for the trace, as text.', content: text },
  },
  'GET /media/{id}/{variant}': {
    '200': {
      description: 'The file.',
      content: {
        ...binary('image/*'),
        ...binary('video/*'),
        ...binary('application/octet-stream'),
      },
    },
    '206': {
      description: 'The asked byte range of the file.',
      content: { ...binary('video/*'), ...binary('application/octet-stream') },
    },
    '302': { description: 'The file is at the storage provider: follow `Location`.' },
  },
  'GET /media/{id}/hls/master.m3u8': {
    '200': {
      description: 'The HLS master playlist.',
      content: binary('application/vnd.apple.mpegurl'),
    },
  },
  'GET /media/{id}/hls/{rung}/{file}': {
    '200': {
      description: 'A rung playlist or a segment of it.',
      content: {
        ...binary('application/vnd.apple.mpegurl'),
        ...binary('video/mp2t'),
        ...binary('video/mp4'),
      },
    },
    '206': { description: 'The asked byte range.', content: binary('video/*') },
    '302': { description: 'The file is at the storage provider: follow `Location`.' },
  },
  'GET /og/posts/{file}': {
    '200': { description: 'The share card.', content: binary('image/jpeg') },
  },
  'GET /og/profiles/{file}': {
    '200': { description: 'The share card.', content: binary('image/jpeg') },
  },
  'GET /peerjs/{key}/peers': {
    '401': {
      description: 'Peers are never listed (the PeerJS protocol answers this as text).',
      content: { 'text/plain': { schema: { type: 'string', const: 'Unauthorized' } } },
    },
  },
};

// HEAD answers as GET does, without the body.
OTHER_SUCCESSES['HEAD /media/{id}/{variant}'] = OTHER_SUCCESSES['GET /media/{id}/{variant}'] ?? {};

/** The pattern `integerText` (lib/validation.ts) writes for whole numbers sent as text. */
const WHOLE_NUMBER_TEXT = '^(0|-?[1-9]\\d*)$';

/**
 * A whole number sent as text is documented as the integer it is: `/posts/{id}/` takes 12, not
 * "12". The server still reads text and answers 400 to anything else (`1.0`, `1e1`, `0x1`).
 */
function asInteger(schema: Schema | undefined): Schema | undefined {
  // An id or a username (pathUserKey): the number, or a text with a non-digit; never both.
  if (Array.isArray(schema?.anyOf)) {
    const { anyOf, ...rest } = schema;
    const members = (anyOf as Schema[]).map((member) => asInteger(member));
    const exclusive = members.some((member, i) => member !== anyOf[i]);
    return { ...rest, [exclusive ? 'oneOf' : 'anyOf']: members };
  }
  if (!schema || schema.pattern !== WHOLE_NUMBER_TEXT) return schema;
  const { pattern: _pattern, type: _type, 'x-integer': range, ...rest } = schema;
  return { ...rest, type: 'integer', ...(range as Schema | undefined) };
}

function completeParameters(operation: Operation, key: string): void {
  const parameters: Parameter[] = (operation.parameters ?? []).map((parameter) => ({
    ...parameter,
    schema: asInteger(parameter.schema),
  }));
  if (IDEMPOTENT.test(key)) parameters.push(IDEMPOTENCY_KEY);
  if (key === 'POST /api/wallet/webhooks/stripe/') parameters.push(STRIPE_SIGNATURE);
  if (parameters.length > 0) operation.parameters = parameters;
}

function completeResponses(operation: Operation, method: string, path: string): void {
  const key = `${method.toUpperCase()} ${path}`;
  const other = OTHER_SUCCESSES[key];
  const responses: Record<string, ApiResponse> = { ...operation.responses };
  // A route without a response schema was documented with a made-up 200.
  if (other) {
    if (responses['200']?.description === 'Default Response' && !other['200']) {
      delete responses['200'];
    }
    Object.assign(responses, other);
  }
  const access = operation[ACCESS_KEY];
  const statuses = errorStatusesOf({
    method: method.toUpperCase(),
    path,
    validates: (operation.parameters ?? []).some((parameter) => parameter.in !== 'header'),
    readsBody: operation.requestBody !== undefined || ['post', 'put', 'patch'].includes(method),
    signedIn: (operation.security ?? [{}]).length > 0,
    admin: access === 'admin',
  });
  for (const status of statuses) responses[status] ??= errorResponse(status);
  // A route's own error schema (the health check's 503) is the one ApiError body too.
  for (const status of Object.keys(responses)) {
    if (/^[45]/.test(status) && !other?.[status]) responses[status] = errorResponse(status);
  }
  addHeaders(responses, key);
  operation.responses = Object.fromEntries(
    Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** The headers beside the body: on each 2xx, and a limit's state on its 429 too. */
function addHeaders(responses: Record<string, ApiResponse>, key: string): void {
  const success = successHeadersOf(key);
  for (const [status, response] of Object.entries(responses)) {
    if (success && /^2/.test(status)) {
      responses[status] = { ...response, headers: { ...response.headers, ...success } };
    }
  }
  const limited = responses['429'];
  if (limited && announcesLimits(key)) {
    responses['429'] = {
      ...limited,
      headers: { ...limited.headers, ...RATE_LIMIT_RESPONSE_HEADERS },
    };
  }
}

/** Completes the document in place and answers it (@fastify/swagger's `transformObject`). */
export function completeDocument(document: OpenApiDocument): OpenApiDocument {
  const bodies = requestBodies();
  const ids = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const shared = item[method];
      if (!shared) continue;
      // GET and HEAD of one route share one object: each method gets its own.
      const operation = structuredClone(shared);
      item[method] = operation;
      const key = `${method.toUpperCase()} ${path}`;
      operation.operationId = operationIdFor(method, path);
      const twin = ids.get(operation.operationId);
      if (twin) throw new Error(`${key} and ${twin} derive one operationId`);
      ids.set(operation.operationId, key);
      operation.requestBody ??= bodies[key];
      completeParameters(operation, key);
      completeResponses(operation, method, path);
      delete operation[ACCESS_KEY];
    }
  }
  document.components.schemas = { ...document.components.schemas, ApiError: API_ERROR_SCHEMA };
  return document;
}
