import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, NetworkError } from './api-errors';
import { getSession, setSession } from './session';
import { accessToken, fakeFetch, jsonResponse, memoryStorage } from './test-helpers';
import { uploadWithProgress } from './upload';

interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Responder = (request: SentRequest, xhr: FakeXhr) => void;

let sent: SentRequest[] = [];
let responder: Responder = () => undefined;

/** Just enough of XMLHttpRequest for the helper: answers through `responder`. */
class FakeXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private request: SentRequest = { method: '', url: '', headers: {}, body: undefined };

  open(method: string, url: string) {
    this.request = { method, url, headers: {}, body: undefined };
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value;
  }
  send(body: unknown) {
    this.request.body = body;
    sent.push(this.request);
    queueMicrotask(() => responder(this.request, this));
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

beforeEach(() => {
  sent = [];
  responder = () => undefined;
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('navigator', {});
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadWithProgress', () => {
  it('sends the form with the bearer token and reports progress', async () => {
    const access = accessToken(1, 60);
    setSession({ access, refresh: 'r1' });
    responder = (_request, xhr) => {
      xhr.progress(50, 100);
      xhr.progress(100, 100);
      xhr.answer(201, { id: 'abc', extra: 1 });
    };
    const form = new FormData();
    const progress: number[] = [];
    const result = await uploadWithProgress('/uploads/', form, {
      schema: z.object({ id: z.string() }),
      onProgress: (value) => progress.push(value),
    });
    expect(result).toEqual({ id: 'abc' });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/uploads/',
      headers: { Authorization: `Bearer ${access}` },
    });
    expect(sent[0]?.body).toBe(form);
    expect(progress).toEqual([0.5, 1, 1]);
  });

  it('refreshes once and retries after a 401', async () => {
    const first = accessToken(1, 60);
    const second = accessToken(1, 61);
    setSession({ access: first, refresh: 'r1' });
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => jsonResponse(200, { access: second, refresh: 'r2' })).fetchStub,
    );
    responder = (request, xhr) => {
      if (request.headers.Authorization === `Bearer ${second}`) xhr.answer(201, { id: 'x' });
      else xhr.answer(401, { detail: 'Given token not valid for any token type' });
    };
    expect(await uploadWithProgress('/uploads/', new FormData())).toEqual({ id: 'x' });
    expect(sent).toHaveLength(2);
    expect(getSession()?.refresh).toBe('r2');
  });

  it('throws ApiError with the parsed body on failure', async () => {
    setSession({ access: accessToken(1, 60), refresh: 'r1' });
    responder = (_request, xhr) => xhr.answer(413, { file: ['File is too large.'] });
    const error = await uploadWithProgress('/uploads/', new FormData()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, body: { file: ['File is too large.'] } });
  });

  it('keeps a plain-text error body as text', async () => {
    setSession({ access: accessToken(1, 60), refresh: 'r1' });
    responder = (_request, xhr) => xhr.answer(502, 'Bad Gateway');
    await expect(uploadWithProgress('/uploads/', new FormData())).rejects.toMatchObject({
      status: 502,
      body: 'Bad Gateway',
    });
  });

  it('throws NetworkError when the connection fails', async () => {
    setSession({ access: accessToken(1, 60), refresh: 'r1' });
    responder = (_request, xhr) => xhr.onerror?.();
    await expect(uploadWithProgress('/uploads/', new FormData())).rejects.toBeInstanceOf(
      NetworkError,
    );
  });

  it('aborts with the signal', async () => {
    setSession({ access: accessToken(1, 60), refresh: 'r1' });
    const controller = new AbortController();
    responder = () => controller.abort();
    await expect(
      uploadWithProgress('/uploads/', new FormData(), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
