/**
 * The one error shape of the API (docs/api.md, "Errors"): every 4xx and 5xx answers
 * `{ code, detail, fields?, ... }`. `ZuraApiError` carries it to the caller as a thrown Error,
 * so a bot tells failures apart by `code` (stable, snake_case), never by the English `detail`.
 */
export class ZuraApiError extends Error {
  readonly status: number;
  /** Stable and snake_case: `validation_failed`, `token_not_valid`, `not_found`... */
  readonly code: string;
  /** For people, in English. */
  readonly detail: string;
  /** On `validation_failed`: each invalid field's messages. Empty otherwise. */
  readonly fields: Readonly<Record<string, readonly string[]>>;
  /** The parsed body as the server sent it, for the keys some codes add (`next_at`...). */
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const code = stringKey(body, 'code') ?? `http_${status}`;
    const detail = stringKey(body, 'detail') ?? `The server answered ${status}.`;
    super(`${code}: ${detail}`);
    this.name = 'ZuraApiError';
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.fields = fieldsOf(body);
    this.body = body;
  }
}

/**
 * The error of an openapi-fetch answer as a `ZuraApiError`. The body is read as `unknown` and
 * narrowed: a proxy in front of the instance may answer text or HTML rather than the API's JSON.
 */
export function toZuraApiError(answer: { error?: unknown; response: Response }): ZuraApiError {
  return new ZuraApiError(answer.response.status, answer.error);
}

/** What openapi-fetch answers: the data of a 2xx, or the error body of anything else. */
export type FetchAnswer<T> =
  | { data: T; error?: never; response: Response }
  | { data?: never; error: unknown; response: Response };

/**
 * An answer's data, or its error thrown as a `ZuraApiError`: for operations that answer a
 * body. An operation answering 204 has no data to give; check it with `throwIfFailed`.
 * (NonNullable: inferring `T` from openapi-fetch's union also picks up its error member's
 * `data?: never`, an undefined the check below rules out.)
 */
export function orThrow<T>(answer: FetchAnswer<T>): NonNullable<T> {
  if (!answer.response.ok) throw toZuraApiError(answer);
  if (answer.data !== undefined && answer.data !== null) return answer.data;
  // A 2xx without a body: the caller expected one, so say so rather than answer undefined.
  throw new ZuraApiError(answer.response.status, {
    code: 'no_body',
    detail: 'The answer has no body: check an operation answering 204 with throwIfFailed.',
  });
}

/** Throws the answer's error as a `ZuraApiError` unless it is a 2xx. */
export function throwIfFailed(answer: { error?: unknown; response: Response }): void {
  if (!answer.response.ok) throw toZuraApiError(answer);
}

function stringKey(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null || !(key in body)) return undefined;
  const value: unknown = Reflect.get(body, key);
  return typeof value === 'string' ? value : undefined;
}

function fieldsOf(body: unknown): Record<string, string[]> {
  if (typeof body !== 'object' || body === null) return {};
  const fields: unknown = Reflect.get(body, 'fields');
  if (typeof fields !== 'object' || fields === null) return {};
  const out: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(fields)) {
    if (Array.isArray(messages)) {
      out[name] = messages.filter((message): message is string => typeof message === 'string');
    }
  }
  return out;
}
