import { orThrow, type FetchAnswer } from './errors.ts';

/**
 * What a page request gets: nothing for the first page; for the next ones, the query of the
 * `Link: <...>; rel="next"` the previous answer carried, to spread into the call's options.
 */
export type NextPage = { querySerializer?: () => string };

/**
 * Every page of a list operation, following `Link: <...>; rel="next"` (the cursor is the
 * server's; the body stays a bare array):
 *
 *     for await (const page of pages((next) =>
 *       client.GET('/api/messaging/conversations/', { params: { query: { limit: 50 } }, ...next }),
 *     )) { ... }
 *
 * A page is requested through the same client and operation, so it is typed as the first one
 * and goes through the client's middleware (token, refresh). The next link is followed only
 * when it names the same origin and path: the token is never sent anywhere else, and another
 * path would be another operation, whose pages could not be typed as these.
 */
export async function* pages<T>(
  fetchPage: (next: NextPage) => Promise<FetchAnswer<T>>,
): AsyncGenerator<NonNullable<T>, void, undefined> {
  let next: NextPage = {};
  for (;;) {
    const answer = await fetchPage(next);
    yield orThrow(answer);
    const href = nextLink(answer.response.headers.get('link'));
    if (href === undefined) return;
    const here = new URL(answer.response.url);
    const there = new URL(href, here);
    if (there.origin !== here.origin || there.pathname !== here.pathname) {
      throw new Error(`Refusing to follow a next page at another address: ${there.href}`);
    }
    const search = there.search.replace(/^\?/, '');
    next = { querySerializer: () => search };
  }
}

/** The target of the `rel="next"` link of a `Link` header, if it has one. */
export function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (!match) continue;
    const [, href, params = ''] = match;
    if (/(?:^|;)\s*rel\s*=\s*"?(?:[^";]*\s)?next(?:\s[^";]*)?"?\s*(?:;|$)/i.test(params)) {
      return href;
    }
  }
  return undefined;
}
