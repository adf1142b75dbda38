import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '@zura/contracts/openapi';
import { tokenMiddleware, type TokenOptions } from './tokens.ts';

/** An openapi-fetch client typed by the instance's API document. */
export type ZuraClient = Client<paths>;

/**
 * A client of a Zura instance: `client.GET('/api/posts/{id}/', { params: { path: { id } } })`,
 * every path, parameter, body and answer typed by the document the server serves at
 * /api/docs/openapi.json. Signed with `accessToken`, renewed with `refreshToken` on a 401.
 */
export function createZuraClient(options: TokenOptions): ZuraClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(tokenMiddleware(options));
  return client;
}
