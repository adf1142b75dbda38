import { formDataOf, type FormValue } from '@zura/contracts/form-data';
import type { paths } from '@zura/contracts/openapi';
import type { Answer, PathWith } from './api-client';
import { ApiError, NetworkError } from './api-errors';
import { getAccessToken, refreshSession } from './session';

export interface UploadOptions {
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** The multipart fields of POST `P`, as the document types them (a file is a Blob). */
export type MultipartBody<P extends keyof paths> = paths[P] extends {
  post: { requestBody?: { content: { 'multipart/form-data': infer Fields } } };
}
  ? Fields
  : never;

/** The document's paths whose POST takes a multipart body (and no path parameter). */
export type MultipartPath = {
  [P in PathWith<'post'>]: [MultipartBody<P>] extends [never] ? never : P;
}[PathWith<'post'>];

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
  options: UploadOptions,
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
 * POSTs a multipart body to the API with upload progress, under the same session rules as the
 * API client: the stored access token (refreshed first when about to expire) and, on a 401,
 * one refresh and one retry. The path, the fields and the answer are the document's, as the
 * typed client's are. Errors are the client's: ApiError, NetworkError, AbortError.
 */
export async function uploadWithProgress<P extends MultipartPath>(
  path: P,
  body: MultipartBody<P>,
  options: UploadOptions = {},
): Promise<Answer<P, 'post'>> {
  const form = formDataOf(body as Readonly<Record<string, FormValue>>);
  const token = await getAccessToken();
  let answer = await sendOnce(path, 'POST', form, token, options);
  if (answer.status === 401 && token) {
    const refreshed = await refreshSession(token);
    if (refreshed) {
      options.onProgress?.(0);
      answer = await sendOnce(path, 'POST', form, refreshed.access, options);
    }
  }
  const parsedBody = parseText(answer.text);
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, parsedBody);
  options.onProgress?.(1);
  // As the typed client: the answer is the document's type, checked by the server's schema.
  return parsedBody as Answer<P, 'post'>;
}
