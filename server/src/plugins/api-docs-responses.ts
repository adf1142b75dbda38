/**
 * The error answers of every operation, derived from what the route does (it validates input,
 * it needs a token, it is an admin page, it names a resource in its path, it reads a body) and
 * from what its service can throw, which the table below lists per route. Every error answer is
 * the one `ApiError` body of plugins/errors.ts.
 */

import { ERROR_CODES } from '@zura/contracts';

type Header = { description: string; required?: boolean; schema: Record<string, unknown> };
export type ApiResponse = {
  description: string;
  headers?: Record<string, Header>;
  content?: Record<string, { schema: Record<string, unknown> }>;
};

const API_ERROR_REF = '#/components/schemas/ApiError';

/** The one body of every error answer (lib/errors.ts `ErrorBody`; its codes `ERROR_CODES`). */
export const API_ERROR_SCHEMA = {
  type: 'object',
  description:
    'Every error answer. `code` is stable and meant for programs (docs/api.md lists them), ' +
    '`detail` for people. Invalid input also carries the specification\'s `{ "<field>": ' +
    '["message"] }` at the top level and the same map as `fields`; the verify and reset ' +
    "screens' answers keep their `error` (and `details`).",
  required: ['code', 'detail'],
  properties: {
    code: {
      type: 'string',
      description: 'What went wrong, for programs (docs/api.md says what each code means).',
      enum: ERROR_CODES,
      examples: ['validation_failed'],
    },
    detail: { type: 'string', examples: ['username: This field is required.'] },
    fields: {
      type: 'object',
      description: 'Invalid input: the messages of each field.',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
    error: { type: 'string', description: 'The verify and reset screens’ message.' },
    details: { type: 'array', items: { type: 'string' } },
    valid: { type: 'boolean', description: 'A password-reset link that no longer works.' },
    next_at: {
      type: 'string',
      format: 'date-time',
      description: 'When the next mass message may go.',
    },
    request_id: { type: 'string', description: 'A 500: the id to quote to the operator.' },
    status: { type: 'string', description: 'The health check: what is down.' },
  },
  additionalProperties: { type: 'array', items: { type: 'string' } },
} as const;

const RETRY_AFTER: Header = {
  description: 'Seconds to wait before trying again.',
  required: true,
  schema: { type: 'integer', minimum: 1 },
};

const DESCRIPTIONS: Record<string, string> = {
  '400':
    'Invalid input (`validation_failed`, with the fields) or a request the server refuses ' +
    '(`bad_request` or a specific code).',
  '401': 'No valid access token (`not_authenticated`, `token_not_valid`).',
  '402': 'The wallet or the earnings do not cover the amount (`insufficient_funds`).',
  '403': 'Signed in, but not allowed (`forbidden` or a specific code).',
  '404': 'Nothing of that id here, or not for this caller (`not_found`).',
  '409': 'The request conflicts with the current state (`conflict` or a specific code).',
  '413': 'The body or a file is too large (`payload_too_large`).',
  '415': 'A Content-Type the route does not read (`unsupported_media_type`).',
  '416': 'The byte range is outside the file (`range_not_satisfiable`).',
  '422': 'This Idempotency-Key was used for a different request (`idempotency_conflict`).',
  '429': 'Too many requests (`rate_limited` or a specific code): wait `Retry-After` seconds.',
  '500': 'The server failed (`internal_error`); `request_id` names the failure in its logs.',
  '503': 'The server is busy or a dependency is down: wait `Retry-After` seconds.',
};

export function errorResponse(status: string): ApiResponse {
  const retries = status === '429' || status === '503';
  return {
    description: DESCRIPTIONS[status] ?? 'An error.',
    ...(retries ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
    content: { 'application/json': { schema: { $ref: API_ERROR_REF } } },
  };
}

/**
 * The statuses an operation's service can answer beyond the derived ones, by a pattern of
 * `METHOD /path/` (OpenAPI's `{param}` form). Found by reading the services: `ConflictError`,
 * `TooManyRequestsError` and rate limits, `InsufficientFundsError`, idempotency, uploads.
 */
const SERVICE_STATUSES: [pattern: RegExp, statuses: string[]][] = [
  // Rate limits of sign-in, sign-up, refresh, reset and the mails (auth/service.ts).
  [
    /^POST \/api\/auth\/(signup|token|token\/2fa|token\/refresh|verify-email|password-reset)\//,
    ['429'],
  ],
  [/^POST \/api\/auth\/(verify-email\/resend|password-reset\/(verify-token|confirm))\//, ['429']],
  [/^POST \/api\/auth\/(password\/change|account\/delete|2fa\/(setup|enable|disable))\//, ['429']],
  // Public, yet they check credentials: a wrong password, an expired or reused token.
  [/^POST \/api\/auth\/(token|token\/2fa|token\/refresh)\/$/, ['401']],
  // Password hashing is queued; past its queue the server says it is busy (lib/passwords.ts).
  [
    /^POST \/api\/auth\/(signup|token|password-reset\/confirm|password\/change|account\/delete)\//,
    ['503'],
  ],
  [/^POST \/api\/auth\/2fa\/setup\//, ['503']],
  // Password guesses on locked posts and profiles (lib/guessing.ts).
  [/^POST \/api\/(posts\/\{id\}|auth\/users\/\{idOrUsername\})\/unlock\//, ['429']],
  [/^(POST|PATCH|DELETE) \/api\/(posts\/\{id\}\/comments|comments\/\{id\})\/$/, ['429']],
  [/^(PUT|DELETE) \/api\/posts\/\{id\}\/like\//, ['429']],
  [/^POST \/api\/(reports|push\/test)\//, ['429']],
  [/^POST \/api\/reports\//, ['409']],
  [/^POST \/api\/creator\/mass-messages\/$/, ['429']],
  // Uploads: storage and processing limits (uploads/limits.ts).
  [
    /^(POST \/api\/(uploads|posts|auth\/creator-application)|PUT \/api\/auth\/profile)\/$/,
    ['413', '429'],
  ],
  [/^POST \/api\/messaging\/conversations\/\{id\}\/send_message\//, ['413', '429']],
  // The leak tracer: a file too large or not an image, and its hourly limit (leak-trace/).
  [/^POST \/api\/(creator|admin)\/leak-trace\/$/, ['413', '415', '429']],
  // Drafts and schedules of a post already out (posts/drafts.ts, posts/schedule.ts).
  [/^(PATCH \/api\/posts\/\{id\}\/schedule|POST \/api\/posts\/\{id\}\/publish)\//, ['409']],
  [/^POST \/api\/calls\//, ['409']],
  // Paying operations: funds and their Idempotency-Key (wallet/idempotency.ts).
  [
    /^POST \/api\/(tips|auth\/subscriptions|wallet\/(topups|payouts)|posts\/\{id\}\/purchase)\/$/,
    ['402', '422'],
  ],
  [/^POST \/api\/auth\/subscriptions\/$/, ['409']],
  [/^POST \/api\/(messaging\/messages\/\{id\}\/unlock|offers\/\{code\}\/claim)\//, ['402']],
  [/^GET \/media\//, ['416']],
  [/^GET \/og\//, ['429']],
  [/^GET \/api\/$/, ['503']],
  // A body naming something that is not there (a creator, a post, a report's target, a device).
  [
    /^(POST \/api\/(reports|tips|push\/test|auth\/subscriptions)|DELETE \/api\/auth\/profile\/[\w-]+)\/$/,
    ['404'],
  ],
  // Refusals of a signed-in caller (`ForbiddenError` in these areas' services): not a creator,
  // not subscribed, not a party to the conversation or call, a suspended account.
  [/^\w+ \/api\/(creator|posts|comments|messaging|calls|offers|tips|uploads|library)\//, ['403']],
  [/^\w+ \/api\/auth\/(subscriptions|users\/\{idOrUsername\}|2fa|token|sessions)\//, ['403']],
];

type Facts = {
  method: string;
  path: string;
  /** It reads path or query parameters, or a body, that it validates. */
  validates: boolean;
  /** It reads a request body (so malformed or too large JSON can be refused). */
  readsBody: boolean;
  signedIn: boolean;
  admin: boolean;
};

/** The error statuses of one operation, derived from its facts and the table above. */
export function errorStatusesOf(facts: Facts): string[] {
  const statuses = new Set<string>(['500']);
  if (facts.validates || facts.readsBody) statuses.add('400');
  if (facts.signedIn) statuses.add('401');
  // An admin page answers 404 to everyone else, and 403 to an admin without two-factor sign-in.
  if (facts.admin) statuses.add('403').add('404');
  if (/\{\w+\}/.test(facts.path)) statuses.add('404');
  if (facts.readsBody) statuses.add('413').add('415');
  const key = `${facts.method} ${facts.path}`;
  for (const [pattern, extra] of SERVICE_STATUSES) {
    if (pattern.test(key)) for (const status of extra) statuses.add(status);
  }
  return [...statuses].sort();
}
