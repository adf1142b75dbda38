import { isErrorCode, type ErrorCode } from '@zura/contracts/error-codes';
import { localizeByCode } from './error-texts';
import { localizeServerBody } from './server-texts';

/**
 * An error answer without the keys every answer now carries (`code`, and `detail` where it
 * only repeats the spec's `error` or sums up `fields`): the shape the screens were written for,
 * `{ detail }`, `{ error }` or `{ field: [messages] }`.
 */
function specShape(body: unknown): unknown {
  if (!isRecord(body) || typeof body.code !== 'string') return body;
  if (isRecord(body.fields)) return body.fields;
  const { code: _code, ...rest } = body;
  if (typeof rest.error === 'string' && rest.detail === rest.error) delete rest.detail;
  return rest;
}

/**
 * A non-2xx answer from the API. `code` is the server's machine code (docs/api.md; undefined
 * when the answer has none the contract knows): tell errors apart by it, never by the text.
 * `body` is the parsed JSON (or text) the server sent in the spec's shape, in the current
 * language: a refusal by its code's catalogue entry (lib/error-texts.ts), other known English
 * texts (field messages, a general code's detail) by sentence (lib/server-texts.ts).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(`API request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = isRecord(body) && isErrorCode(body.code) ? body.code : undefined;
    this.body = localizeByCode(this.code, localizeServerBody(specShape(body)));
  }
}

/** The request never got an answer (offline, DNS, connection refused, CORS). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/** The server answered 2xx with a body that does not match the shared contract. */
export class InvalidResponseError extends Error {
  constructor(path: string, cause?: unknown) {
    super(`Unexpected response shape from ${path}`, { cause });
    this.name = 'InvalidResponseError';
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a string field (`detail`, `error`, `message`) from an error's body, if present. */
export function errorBodyText(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || !isRecord(error.body)) return undefined;
  const value = error.body[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Client errors (4xx) will not change on retry; everything else might. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
