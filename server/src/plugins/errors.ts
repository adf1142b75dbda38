import type { ErrorCode } from '@zura/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  AppError,
  errorBody,
  PG_NUL_IN_TEXT,
  PG_FOREIGN_KEY_VIOLATION,
  pgErrorCode,
  TooManyRequestsError,
  validationBody,
  type FieldErrors,
} from '../lib/errors.ts';
import { PasswordHashingBusyError } from '../lib/passwords.ts';

/** Fastify's own client errors: a stable code and a message a person can act on. */
const fastifyClientErrors: Record<
  string,
  [code: ErrorCode, detail: (request: FastifyRequest) => string]
> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['malformed_json', () => 'Malformed JSON in request body.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [
    'empty_body',
    () => 'The request body is empty but JSON was declared.',
  ],
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', () => 'The request body is larger than 1 MB.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    'unsupported_media_type',
    (request) =>
      `Unsupported Content-Type "${request.headers['content-type'] ?? ''}". Send application/json.`,
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    'invalid_content_length',
    () => 'The Content-Length header does not match the body.',
  ],
  FST_ERR_CTP_INVALID_TYPE: ['invalid_content_type', () => 'The Content-Type header is invalid.'],
};

/** The code of any other client error, from its status (a multipart limit, a bad method...). */
const CODES_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'not_authenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

function fieldErrorsFromValidation(
  issues: {
    instancePath: string;
    keyword?: string;
    params?: Record<string, unknown>;
    message?: string | undefined;
  }[],
): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').split('/')[0] || 'non_field_errors';
    const unknownKeys = issue.params?.keys;
    // A strict object's unknown keys are filed under each key, not under the whole body.
    if (issue.keyword === 'unrecognized_keys' && field === 'non_field_errors') {
      if (Array.isArray(unknownKeys) && unknownKeys.length > 0) {
        for (const key of unknownKeys) (fields[String(key)] ??= []).push('Unknown field.');
        continue;
      }
    }
    (fields[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return fields;
}

/**
 * The single error handler: every answer is an `ErrorBody` (a stable `code`, a human `detail`).
 * Typed application errors answer their own, validation adds the spec's `{ field: [messages] }`,
 * client errors keep their 4xx, and a 5xx never shows internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError || error instanceof PasswordHashingBusyError) {
        void reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const fields = fieldErrorsFromValidation(error.validation);
      if (context === 'body' && fields.non_field_errors) {
        fields.non_field_errors = ['Expected a JSON object.'];
      }
      return reply.status(400).send(validationBody(fields));
    }
    const client = error.code ? fastifyClientErrors[error.code] : undefined;
    if (client) {
      const [code, detail] = client;
      return reply.status(error.statusCode ?? 400).send(errorBody(code, detail(request)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODES_BY_STATUS[status] ?? 'client_error';
      return reply.status(status).send(errorBody(code, error.message));
    }
    // Client text PostgreSQL refuses to store (a NUL character) is bad input, not our failure.
    if (PG_NUL_IN_TEXT.includes(pgErrorCode(error) ?? '')) {
      return reply
        .status(400)
        .send(errorBody('nul_in_text', 'Text must not contain NUL characters.'));
    }
    // A row the request refers to was deleted meanwhile (an account closed mid-session, say).
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) {
      return reply
        .status(409)
        .send(errorBody('gone_meanwhile', 'Something this request refers to no longer exists.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(
      errorBody('internal_error', 'Something went wrong on our side. Please try again.', {
        request_id: request.id,
      }),
    );
  });
}
