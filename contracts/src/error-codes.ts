/**
 * Every `code` an error answer carries (the `ApiError` body, docs/api.md's table of codes, in
 * its order). The server's error classes take an `ErrorCode`, so a code not listed here does not
 * compile; the API document's `ApiError.code` is an enum of these; the web localizes by them.
 * A unit test keeps docs/api.md's table and this list the same.
 *
 * A plain list without zod, so a first-visit chunk may import it.
 */
export const ERROR_CODES = [
  'validation_failed',
  'bad_request',
  'malformed_json',
  'empty_body',
  'invalid_content_length',
  'invalid_content_type',
  'nul_in_text',
  'incorrect_password',
  'password_required',
  'email_invalid',
  'verify_email_invalid',
  'password_reset_invalid',
  'password_too_weak',
  'two_factor_already_on',
  'two_factor_not_set_up',
  'two_factor_not_on',
  'two_factor_reset_self',
  'cannot_suspend_self',
  'cannot_suspend_admin',
  'already_suspended',
  'not_suspended',
  'already_creator',
  'application_pending',
  'idempotency_key_missing',
  'idempotency_key_invalid',
  'invalid_webhook_signature',
  'not_authenticated',
  'token_not_valid',
  'invalid_credentials',
  'two_factor_challenge_expired',
  'insufficient_funds',
  'forbidden',
  'email_not_verified',
  'not_found',
  'no_such_route',
  'method_not_allowed',
  'not_acceptable',
  'request_timeout',
  'conflict',
  'gone_meanwhile',
  'payload_too_large',
  'unsupported_media_type',
  'range_not_satisfiable',
  'idempotency_conflict',
  'rate_limited',
  'mass_message_too_soon',
  'client_error',
  'internal_error',
  'server_busy',
  'database_unavailable',
] as const;

/** One of the codes of an error answer. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Whether a value (an answer's `code`) is one of the codes the server sends. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
