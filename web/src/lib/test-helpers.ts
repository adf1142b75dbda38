import { Translator, type TFunction } from './translator';
import { en } from '../locales/en';

/** Helpers for unit tests of the session and API client (node environment, no DOM). */

function fakeToken(claims: { user_id: number; iat: number; exp: number }): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** An access token issued now and valid for `minutes`. */
export function accessToken(userId: number, minutes: number, now = Date.now()): string {
  const seconds = Math.floor(now / 1000);
  return fakeToken({ user_id: userId, iat: seconds, exp: seconds + minutes * 60 });
}

export function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface RecordedCall {
  url: string;
  method: string;
  authorization: string | null;
  headers: Headers;
  body: unknown;
}

/** A fetch stub answering from a handler and recording every call. */
export function fakeFetch(handler: (call: RecordedCall) => Response | Promise<Response>) {
  const calls: RecordedCall[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call: RecordedCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      authorization: headers.get('Authorization'),
      headers,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return handler(call);
  };
  return { calls, fetchStub };
}

/** The English catalogue's `t`, for code that takes one as a parameter. */
export const catalogueT: TFunction = englishOnly().snapshot();

function englishOnly(): Translator {
  const translator = new Translator();
  translator.addCatalogue('en', en);
  return translator;
}
