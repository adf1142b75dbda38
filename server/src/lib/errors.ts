/**
 * Typed errors thrown by services and plugins. The error handler maps each class to its
 * status and body; nothing maps by message text.
 */
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  constructor(statusCode: number, code: string, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
  /** The JSON body the client reads. */
  toBody(): Record<string, unknown> {
    return { detail: this.message };
  }
}

/** 400 with `{ field: [messages] }`, the shape the spec's forms read. */
export class ValidationError extends AppError {
  readonly fields: FieldErrors;
  constructor(fields: FieldErrors) {
    super(400, 'validation_failed', 'Validation failed');
    this.fields = fields;
  }
  override toBody(): Record<string, unknown> {
    return this.fields;
  }
}

/** 400 with `{ error }` (and optional extra keys), the shape of the verify and reset screens. */
export class BadRequestError extends AppError {
  readonly extra: Record<string, unknown>;
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(400, 'bad_request', message);
    this.extra = extra;
  }
  override toBody(): Record<string, unknown> {
    return { error: this.message, ...this.extra };
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string, code = 'not_authenticated') {
    super(401, code, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to perform this action.') {
    super(403, 'forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}

export class TooManyRequestsError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'rate_limited', message);
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
