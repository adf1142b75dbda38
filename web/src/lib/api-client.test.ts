import { describe, expect, expectTypeOf, it } from 'vitest';
import { client, fillPath, queryString, type Answer } from './api-client';

describe('fillPath', () => {
  it('fills each {param}, encoded', () => {
    expect(fillPath('/api/posts/{id}/', { id: 7 })).toBe('/api/posts/7/');
    expect(fillPath('/api/posts/user/{idOrUsername}/', { idOrUsername: 'a b/c' })).toBe(
      '/api/posts/user/a%20b%2Fc/',
    );
  });

  it('refuses a path whose parameter is missing rather than calling /api/posts/undefined/', () => {
    expect(() => fillPath('/api/posts/{id}/', {})).toThrow('/api/posts/{id}/ needs its {id}');
  });
});

describe('queryString', () => {
  it('writes the defined parameters, repeating a list, and nothing for none', () => {
    expect(queryString({ limit: 20, before: undefined, source: null, tag: ['a', 'b'] })).toBe(
      '?limit=20&tag=a&tag=b',
    );
    expect(queryString({})).toBe('');
    expect(queryString()).toBe('');
  });
});

/**
 * Never called: what the compiler accepts and refuses of the client. `npm run typecheck` fails
 * when a `@ts-expect-error` below stops being an error (the client stopped checking it).
 */
async function callsTheCompilerChecks() {
  // @ts-expect-error: not a path of the document
  await client.GET('/api/nowhere/');
  // @ts-expect-error: the post's id is required
  await client.GET('/api/posts/{id}/');
  // @ts-expect-error: an id is a number, not a string
  await client.GET('/api/posts/{id}/', { path: { id: 'seven' } });
  // @ts-expect-error: GET /api/posts/ has no `page` parameter
  await client.GET('/api/posts/', { query: { page: 2 } });
  // @ts-expect-error: signing in needs a body
  await client.POST('/api/auth/token/');
  // @ts-expect-error: the body's fields are the document's
  await client.POST('/api/auth/token/', { body: { username: 'a', password: 'b' } });
  // @ts-expect-error: there is no PUT on a post
  await client.PUT('/api/posts/{id}/', { path: { id: 1 } });
}

it('types each answer by the document', () => {
  expectTypeOf(callsTheCompilerChecks).toBeFunction();
  expectTypeOf<Answer<'/api/posts/{id}/', 'get'>['id']>().toEqualTypeOf<number>();
  expectTypeOf<Answer<'/api/posts/', 'get'>>().toExtend<readonly { id: number }[]>();
  expectTypeOf<Answer<'/api/auth/token/', 'post'>>().toExtend<
    { access: string; refresh: string } | { two_factor_required: true; challenge: string }
  >();
});
