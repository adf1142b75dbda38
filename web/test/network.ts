import { vi } from 'vitest';
import { fakeXhrClass } from './fake-xhr';
import { accessToken } from '../src/lib/test-helpers';
import { SESSION_STORAGE_KEY } from '../src/lib/session';

/**
 * The network is the boundary of a component test: `fetch` (and XMLHttpRequest, which uploads use
 * for their progress) is replaced per test by a table of
 * canned answers keyed by method and API path ('POST /auth/login/'). Every request is recorded;
 * one with no answer in the table fails with a 599 and is listed in `unanswered`, so a test
 * notices a call it did not expect.
 */

export interface ApiCall {
  method: string;
  /** The path under /api, with its query string ('/posts/?page=2'). */
  path: string;
  body: unknown;
  headers: Headers;
}

export interface CannedAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Answer = CannedAnswer | ((call: ApiCall) => CannedAnswer | Promise<CannedAnswer>);

export interface FakeApi {
  calls: ApiCall[];
  unanswered: ApiCall[];
  /** Sets (or replaces) the answer to `'METHOD /path/'`; the query string is matched too if given. */
  on(route: string, answer: Answer): FakeApi;
  /** The calls made to one route, in order. */
  callsTo(route: string): ApiCall[];
}

function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

function readBody(body: unknown): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

function toResponse({ status = 200, body, headers = {} }: CannedAnswer): Response {
  const text = body === undefined ? null : JSON.stringify(body);
  const contentType: Record<string, string> =
    text === null ? {} : { 'Content-Type': 'application/json' };
  return new Response(status === 204 ? null : text, {
    status,
    headers: { ...contentType, ...headers },
  });
}

let current: FakeApi | null = null;

/**
 * Called after each test by setup.ts: forgets this test's fake and fails the test if the
 * component made a request that no canned answer covered.
 */
export function endFakeApi(): void {
  const unanswered = current?.unanswered ?? [];
  current = null;
  if (unanswered.length > 0) {
    const list = unanswered.map((call) => `${call.method} ${call.path}`).join(', ');
    throw new Error(`requests without a canned answer: ${list}`);
  }
}

/** Replaces the global fetch for this test (setup.ts restores it after each test). */
export function fakeApi(routes: Record<string, Answer> = {}): FakeApi {
  const table = new Map<string, Answer>();
  const calls: ApiCall[] = [];
  const unanswered: ApiCall[] = [];
  const api: FakeApi = {
    calls,
    unanswered,
    on(route, answer) {
      const [method = 'GET', path = ''] = route.split(' ');
      table.set(routeKey(method, path), answer);
      return api;
    },
    callsTo(route) {
      const [method = 'GET', path = ''] = route.split(' ');
      return calls.filter(
        (call) =>
          routeKey(call.method, call.path) === routeKey(method, path) ||
          routeKey(call.method, call.path.split('?')[0] ?? '') === routeKey(method, path),
      );
    },
  };
  for (const [route, answer] of Object.entries(routes)) api.on(route, answer);
  current = api;

  const answerFor = async (
    method: string,
    input: string,
    init: { body?: unknown; headers?: HeadersInit },
  ) => {
    const url = new URL(input, 'http://localhost');
    const bare = url.pathname.replace(/^\/api/, '');
    const call: ApiCall = {
      method: method.toUpperCase(),
      path: bare + url.search,
      body: readBody(init.body),
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const answer =
      table.get(routeKey(call.method, call.path)) ?? table.get(routeKey(call.method, bare));
    if (!answer) {
      unanswered.push(call);
      return { status: 599, body: { detail: `no canned answer for ${call.path}` } };
    }
    return typeof answer === 'function' ? await answer(call) : answer;
  };

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) =>
    toResponse(await answerFor(init.method ?? 'GET', String(input), init)),
  );
  vi.stubGlobal('XMLHttpRequest', fakeXhrClass(answerFor));
  return api;
}

/** Stores a fresh session for `userId`, as a sign-in would, so authenticated calls go out. */
export function signIn(userId: number): void {
  // Valid for a day, so tests that move a fake clock by hours need no refresh.
  const pair = { access: accessToken(userId, 24 * 60), refresh: 'refresh-token' };
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(pair));
}
