import { localizeServerBody } from './server-texts';

/**
 * A non-2xx answer from the API. `body` is the parsed JSON (or text) the server sent, its
 * known English texts put in the current language (lib/server-texts.ts).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(`API request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = localizeServerBody(body);
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
