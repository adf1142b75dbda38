/**
 * The headers answers carry beside their body, by a pattern of `METHOD /path/` (OpenAPI's
 * `{param}` form): the next page of a list (`Link`), what the feed shows and the unread count,
 * and the RateLimit-* headers of the operations that count against an announced rate limit
 * (lib/rate-limits.ts `announced`, lib/rate-limit-headers.ts).
 */

import type { ApiResponse } from './api-docs-responses.ts';

type Header = NonNullable<ApiResponse['headers']>[string];

const LINK: Header = {
  description:
    'The next page, when there is one: `<path?limit=…&before=…>; rel="next"` (RFC 8288). ' +
    'Absent on the last page.',
  schema: {
    type: 'string',
    examples: ['</api/posts/?limit=20&before=MTc2NzI2OTYwMDAwMF80Mg>; rel="next"'],
  },
};

const RATE_LIMIT: Record<string, Header> = {
  'RateLimit-Limit': {
    description:
      'Requests allowed in the window of the tightest rate limit this request counted against.',
    schema: { type: 'integer', minimum: 1 },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in that window (0 on a 429).',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Reset': {
    description: 'Seconds until that window starts again.',
    schema: { type: 'integer', minimum: 1 },
  },
};

/** Lists answered a page at a time, the next page's address in `Link`. */
const PAGED =
  /^GET \/api\/(posts|posts\/user\/\{idOrUsername\}|posts\/liked|posts\/drafts|messaging\/conversations)\/$/;

/** Operations that count against an announced limit (the services' `consume` of one). */
export const ANNOUNCED_OPERATIONS: RegExp[] = [
  // Per client address: sign-up, sign-in, refresh, the reset and verify links and their mails.
  /^POST \/api\/auth\/(signup|token|token\/refresh|verify-email|verify-email\/resend)\/$/,
  /^POST \/api\/auth\/(password-reset|password-reset\/verify-token|password-reset\/confirm)\/$/,
  // The signed-in user's own activity: passwords set, comments, likes, reports, test pushes.
  /^POST \/api\/auth\/password\/change\/$/,
  /^(POST|PATCH|DELETE) \/api\/(posts\/\{id\}\/comments|comments\/\{id\})\/$/,
  /^(PUT|DELETE) \/api\/posts\/\{id\}\/like\/$/,
  /^POST \/api\/(reports|push\/test)\/$/,
  // Files uploaded, and passwords of locked posts and profiles.
  /^(POST \/api\/(uploads|posts|auth\/creator-application)|PUT \/api\/auth\/profile)\/$/,
  /^POST \/api\/messaging\/conversations\/\{id\}\/send_message\/$/,
  // Leak traces a user runs in an hour.
  /^POST \/api\/(creator|admin)\/leak-trace\/$/,
  // Share-card pictures drawn per client address.
  /^GET \/og\/(posts|profiles)\/\{file\}$/,
];

/** The headers of `METHOD /path/`'s successful answers. */
export function successHeadersOf(key: string): Record<string, Header> | undefined {
  const headers: Record<string, Header> = {};
  if (PAGED.test(key)) headers.Link = LINK;
  if (key === 'GET /api/posts/') {
    headers['X-Feed-Source'] = {
      description:
        'What this page holds: `following` (posts of those you follow or subscribe to, and your ' +
        'own) or `all` (recent posts of everyone, when a first page of following is empty). ' +
        'The next page keeps it in `Link`.',
      schema: { type: 'string', enum: ['following', 'all'] },
    };
  }
  if (key === 'GET /api/messaging/conversations/') {
    headers['X-Unread-Messages'] = {
      description: 'Unread messages over all your conversations, not only this page’s.',
      schema: { type: 'integer', minimum: 0 },
    };
  }
  if (announcesLimits(key)) Object.assign(headers, RATE_LIMIT);
  return Object.keys(headers).length > 0 ? headers : undefined;
}

/** Whether `METHOD /path/`'s answers (a 429 too) carry the RateLimit-* headers. */
export function announcesLimits(key: string): boolean {
  return ANNOUNCED_OPERATIONS.some((pattern) => pattern.test(key));
}

/** The RateLimit-* headers, for an announcing operation's 429. */
export const RATE_LIMIT_RESPONSE_HEADERS = RATE_LIMIT;
