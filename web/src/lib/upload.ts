import type { ZodType } from 'zod';
import { API_BASE } from './api';
import { ApiError, InvalidResponseError, NetworkError } from './api-errors';
import { getAccessToken, refreshSession } from './session';

export interface UploadOptions<T> {
  /** Parses (and so validates) a 2xx body with a shared contract schema. */
  schema?: ZodType<T>;
  method?: 'POST' | 'PUT' | 'PATCH';
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

interface RawAnswer {
  status: number;
  text: string;
}

function abortError(): DOMException {
  return new DOMException('The upload was aborted.', 'AbortError');
}

/** One XMLHttpRequest: fetch cannot report upload progress, XHR can. */
function sendOnce(
  url: string,
  method: string,
  body: FormData,
  token: string | null,
  options: UploadOptions<unknown>,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { signal, onProgress } = options;
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const cleanup = () => signal?.removeEventListener('abort', onAbortSignal);
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    xhr.onload = () => {
      cleanup();
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => {
      cleanup();
      reject(new NetworkError());
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      cleanup();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbortSignal);
    xhr.send(body);
  });
}

function parseText(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Sends a multipart body to the API with upload progress, under the same session rules as the
 * API client: the stored access token (refreshed first when about to expire) and, on a 401,
 * one refresh and one retry. Errors are the client's: ApiError, NetworkError, AbortError.
 */
export async function uploadWithProgress<T>(
  path: string,
  body: FormData,
  options: UploadOptions<T> = {},
): Promise<T> {
  const url = `${API_BASE}${path}`;
  const method = options.method ?? 'POST';
  const token = await getAccessToken();
  let answer = await sendOnce(url, method, body, token, options);
  if (answer.status === 401 && token) {
    const refreshed = await refreshSession(token);
    if (refreshed) {
      options.onProgress?.(0);
      answer = await sendOnce(url, method, body, refreshed.access, options);
    }
  }
  const parsedBody = parseText(answer.text);
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, parsedBody);
  options.onProgress?.(1);
  if (!options.schema) return parsedBody as T;
  const parsed = options.schema.safeParse(parsedBody);
  if (!parsed.success) throw new InvalidResponseError(path, parsed.error);
  return parsed.data;
}
