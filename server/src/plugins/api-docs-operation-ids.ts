/**
 * Every operation's `operationId`, derived from its method and path so it never needs writing by
 * hand and stays the same while the route does: `GET /api/posts/{id}/comments/` is
 * `getPostsByIdComments`. Client generators name their functions after it, so a derived name
 * that reads badly is replaced below rather than in the route.
 */

/** Derived names that read poorly, by `METHOD /path/` (OpenAPI's `{param}` form). */
const OVERRIDES: Record<string, string> = {
  'GET /api/': 'checkHealth',
  'POST /api/auth/token/': 'signIn',
  'POST /api/auth/token/refresh/': 'refreshToken',
  'POST /api/auth/signup/': 'signUp',
  'POST /api/auth/logout/': 'signOut',
  'GET /api/auth/profile/': 'getOwnProfile',
  'PUT /api/auth/profile/': 'updateOwnProfile',
};

const pascal = (word: string) =>
  word
    .split(/[-_.]+/)
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** `getPostsByIdComments` from `GET` and `/api/posts/{id}/comments/`. */
export function derivedOperationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      const param = /^[{:](\w+)}?$/.exec(segment)?.[1];
      return param ? `By${pascal(param)}` : pascal(segment);
    });
  const outside = path === '/api' || path.startsWith('/api/') ? '' : 'Site';
  return `${method.toLowerCase()}${outside}${words.join('') || 'Root'}`;
}

export function operationIdFor(method: string, path: string): string {
  return OVERRIDES[`${method.toUpperCase()} ${path}`] ?? derivedOperationId(method, path);
}
