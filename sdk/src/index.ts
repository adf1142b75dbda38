/**
 * @zura/sdk: a typed client of a Zura instance's API for bots and integrations (README.md).
 * The client is openapi-fetch's, typed by the document the server serves; this package adds
 * the instance's conventions: bearer tokens and their refresh, the error shape, `Link` pages,
 * idempotency keys.
 */
export { createZuraClient, type ZuraClient } from './client.ts';
export {
  orThrow,
  throwIfFailed,
  toZuraApiError,
  ZuraApiError,
  type FetchAnswer,
} from './errors.ts';
export { formData } from './form-data.ts';
export { idempotencyKey } from './idempotency.ts';
export { nextLink, pages, type NextPage } from './pages.ts';
export { completeTwoFactor, signIn, type SignInResult } from './sign-in.ts';
export type { TokenOptions, Tokens } from './tokens.ts';
