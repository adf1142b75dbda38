/**
 * Typed errors thrown by services and plugins. The error handler maps each class to its
 * status and body; nothing maps by message text. Every error body carries a stable machine
 * `code` (an `ErrorCode`: one of `ERROR_CODES` in @zura/contracts, listed in docs/api.md) and a
 * human `detail` (the `ApiError` schema of the API document); the shapes the specification
 * names (`{ field: [messages] }`, `{ error }`) keep their keys beside them.
 */
import type { ErrorCode } from '@zura/contracts';

export type FieldErrors = Record<string, string[]>;

/** Every error answer's JSON body: `code` and `detail` always, the spec's own keys beside them. */
export type ErrorBody = { code: ErrorCode; detail: string } & Record<string, unknown>;

/** A body with the envelope's keys; they win over a same-named key of `body`. */
export function errorBody(
  code: ErrorCode,
  detail: string,
  body: Record<string, unknown> = {},
): ErrorBody {
  return { ...body, code, detail };
}

/** The human summary of field errors: "username: Taken.; password: Too short." */
function fieldsSummary(fields: FieldErrors): string {
  const parts = Object.entries(fields).map(([field, texts]) => `${field}: ${texts.join(' ')}`);
  return parts.length > 0 ? parts.join('; ') : 'The request is invalid.';
}

/**
 * 400 for invalid input: the spec's `{ field: [messages] }` at the top level (the forms read
 * it), the same map as `fields` (where a field named `code`, `detail` or `fields` is kept).
 */
export function validationBody(fields: FieldErrors): ErrorBody {
  return errorBody('validation_failed', fieldsSummary(fields), { ...fields, fields });
}

export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  constructor(statusCode: number, code: ErrorCode, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
  /** The keys of the JSON body besides `code` and `detail` (see `toBody`). */
  protected extraBody(): Record<string, unknown> {
    return {};
  }
  /** The JSON body the client reads. */
  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.extraBody());
  }
}

/** 400 with `{ field: [messages] }`, the shape the spec's forms read (see validationBody). */
export class ValidationError extends AppError {
  readonly fields: FieldErrors;
  constructor(fields: FieldErrors) {
    super(400, 'validation_failed', fieldsSummary(fields));
    this.fields = fields;
  }
  override toBody(): ErrorBody {
    return validationBody(this.fields);
  }
}

/**
 * 400 with `{ error }` (and optional extra keys), the shape of the verify and reset screens;
 * `code` names the refusal when a client needs to tell it apart from other bad requests.
 */
export class BadRequestError extends AppError {
  readonly extra: Record<string, unknown>;
  constructor(
    message: string,
    extra: Record<string, unknown> = {},
    code: ErrorCode = 'bad_request',
  ) {
    super(400, code, message);
    this.extra = extra;
  }
  protected override extraBody(): Record<string, unknown> {
    return { error: this.message, ...this.extra };
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string, code: ErrorCode = 'not_authenticated') {
    super(401, code, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(
    message = 'You do not have permission to perform this action.',
    code: ErrorCode = 'forbidden',
  ) {
    super(403, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code: ErrorCode = 'conflict') {
    super(409, code, message);
  }
}

export class TooManyRequestsError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number, code: ErrorCode = 'rate_limited') {
    super(429, code, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** PostgreSQL's SQLSTATE for a unique violation. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** SQLSTATEs PostgreSQL answers for text it cannot store: a NUL character in text or in jsonb. */
export const PG_NUL_IN_TEXT = ['22021', '22P05'];

export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  // Drizzle wraps driver errors; walk the cause chain to the pg error.
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function pgConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
