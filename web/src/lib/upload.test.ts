import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Answer } from './api-client';
import { ApiError, NetworkError } from './api-errors';
import { getSession, setSession } from './session';
import { accessToken, fakeFetch, jsonResponse, memoryStorage } from './test-helpers';
import { formDataOf } from '@zura/contracts/form-data';
import { uploadWithProgress, type MultipartBody } from './upload';

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

const anyFile = () => ({ file: new Blob(['x']) });

describe('formDataOf', () => {
  it('sends each field once, a list as one name repeated, and leaves out what is undefined', () => {
    const first = new File(['a'], 'a.png', { type: 'image/png' });
    const second = new File(['b'], 'b.mp4', { type: 'video/mp4' });
    const form = formDataOf({ content: 'hi', media: [first, second], password: undefined });
    expect([...form.keys()]).toEqual(['content', 'media', 'media']);
    expect(form.getAll('media').map((file) => (file as File).name)).toEqual(['a.png', 'b.mp4']);
    expect(form.has('password')).toBe(false);
  });
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
    const file = new File(['bytes'], 'holiday.jpg', { type: 'image/jpeg' });
    const progress: number[] = [];
    const result = await uploadWithProgress(
      '/api/uploads/',
      { file, context: 'post_image' },
      { onProgress: (value) => progress.push(value) },
    );
    expect(result).toEqual({ id: 'abc', extra: 1 });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/uploads/',
      headers: { Authorization: `Bearer ${access}` },
    });
    const body = sent[0]?.body as FormData;
    expect([...body.keys()]).toEqual(['file', 'context']);
    expect((body.get('file') as File).name).toBe('holiday.jpg');
    expect(body.get('context')).toBe('post_image');
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
    expect(await uploadWithProgress('/api/uploads/', anyFile())).toEqual({ id: 'x' });
    expect(sent).toHaveLength(2);
    expect(getSession()?.refresh).toBe('r2');
  });

  it('throws ApiError with the parsed body on failure', async () => {
    setSession({ access: accessToken(1, 60), refresh: 'r1' });
    responder = (_request, xhr) => xhr.answer(413, { file: ['File is too large.'] });
    const error = await uploadWithProgress('/api/uploads/', anyFile()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, body: { file: ['File is too large.'] } });
  });

  it('keeps a plain-text error body as text', async () => {
    setSession({ access: accessToken(1, 60), refresh: 'r1' });
    responder = (_request, xhr) => xhr.answer(502, 'Bad Gateway');
    await expect(uploadWithProgress('/api/uploads/', anyFile())).rejects.toMatchObject({
      status: 502,
      body: 'Bad Gateway',
    });
  });

  it('throws NetworkError when the connection fails', async () => {
    setSession({ access: accessToken(1, 60), refresh: 'r1' });
    responder = (_request, xhr) => xhr.onerror?.();
    await expect(uploadWithProgress('/api/uploads/', anyFile())).rejects.toBeInstanceOf(
      NetworkError,
    );
  });

  it('aborts with the signal', async () => {
    setSession({ access: accessToken(1, 60), refresh: 'r1' });
    const controller = new AbortController();
    responder = () => controller.abort();
    await expect(
      uploadWithProgress('/api/uploads/', anyFile(), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

/**
 * Never called: what the compiler accepts and refuses of an upload. `npm run typecheck` fails
 * when a `@ts-expect-error` below stops being an error (the upload stopped checking it).
 */
async function uploadsTheCompilerChecks() {
  // @ts-expect-error: not a path of the document
  await uploadWithProgress('/uploads/', anyFile());
  // @ts-expect-error: POST /api/auth/token/ takes JSON, not a multipart body
  await uploadWithProgress('/api/auth/token/', anyFile());
  // @ts-expect-error: the file is required
  await uploadWithProgress('/api/uploads/', { context: 'media' });
  // @ts-expect-error: not one of the contexts
  await uploadWithProgress('/api/uploads/', { file: new Blob(['x']), context: 'elsewhere' });
  // @ts-expect-error: a file is a Blob, not its name
  await uploadWithProgress('/api/uploads/', { file: 'holiday.jpg' });
}

it('types an upload by the document: its path, its fields and its answer', () => {
  expectTypeOf(uploadsTheCompilerChecks).toBeFunction();
  expectTypeOf(uploadWithProgress<'/api/uploads/'>).returns.resolves.toEqualTypeOf<
    Answer<'/api/uploads/', 'post'>
  >();
  expectTypeOf<MultipartBody<'/api/posts/'>['media']>().toEqualTypeOf<Blob[] | undefined>();
});
