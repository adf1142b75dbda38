import type { ZodType } from 'zod';
import { ApiError, InvalidResponseError, NetworkError } from './api-errors';
import { getAccessToken, refreshSession } from './session';

/** Every call goes to {host}/api; in development Vite proxies it to the server. */
export const API_BASE = '/api';

/** How a request is sent, whatever its path and body. */
export interface RequestFlags {
  /**
   * Send the stored access token (refreshing it first when it is about to expire) and, on a
   * 401, refresh once and retry once. Default true; false for the sign-in/sign-up family,
   * which must not depend on a possibly stale session.
   */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the `Idempotency-Key` of a paying request. */
  headers?: Record<string, string>;
  /** The request outlives the page (fetch's keepalive), e.g. a hang-up sent as the tab closes. */
  keepalive?: boolean;
}

interface SendOptions extends RequestFlags {
  method: string;
  body?: unknown;
}

async function send(url: string, options: SendOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(url, {
      method: options.method,
      headers,
      body,
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A parsed 2xx body together with the response headers (pagination `Link`, ...). */
export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/**
 * Sends one request to `url` (a path on this origin, `/api/...`) and reads its answer: the
 * token is sent (and refreshed once on a 401) unless `auth` is false; a non-2xx answer throws
 * `ApiError`; `schema`, when given, validates the 2xx body.
 */
export async function requestWithHeaders<T>(
  url: string,
  sendOptions: SendOptions,
  schema?: ZodType<T>,
): Promise<ApiResponse<T>> {
  const withAuth = sendOptions.auth ?? true;
  const token = withAuth ? await getAccessToken() : null;
  let response = await send(url, sendOptions, token);

  if (response.status === 401 && withAuth && token) {
    const refreshed = await refreshSession(token);
    if (refreshed) response = await send(url, sendOptions, refreshed.access);
  }

  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body);
  if (!schema) return { data: body as T, headers: response.headers };
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new InvalidResponseError(url, parsed.error);
  return { data: parsed.data, headers: response.headers };
}
