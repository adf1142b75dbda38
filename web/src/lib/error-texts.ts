import type { ErrorCode } from '@zura/contracts/error-codes';
import { i18n } from './i18n';

/**
 * The catalogue key of each error code whose answer is one refusal shown to a person: the web
 * says it in the reader's language by its `code`, whatever the English wording. Codes that carry
 * many texts (`bad_request`, `forbidden`, `not_found`, `conflict`...) or field messages
 * (`validation_failed`) are not here: their texts stay matched by sentence (server-texts.ts).
 * Keys only (no catalogue, no zod), so the first visit's chunks can hold it.
 */
export const ERROR_TEXT_KEYS = {
  incorrect_password: 'serverMessages.passwordWrong',
  email_invalid: 'validation.emailInvalid',
  verify_email_invalid: 'serverMessages.verifyEmailInvalid',
  password_reset_invalid: 'serverMessages.passwordResetInvalid',
  password_too_weak: 'serverMessages.passwordResetFailed',
  two_factor_already_on: 'serverMessages.twoFactorAlreadyOn',
  two_factor_not_set_up: 'serverMessages.twoFactorNotSetUp',
  two_factor_reset_self: 'serverMessages.twoFactorResetSelf',
  cannot_suspend_self: 'serverMessages.cannotSuspendSelf',
  cannot_suspend_admin: 'serverMessages.cannotSuspendAdmin',
  already_suspended: 'serverMessages.alreadySuspended',
  not_suspended: 'serverMessages.notSuspended',
  already_creator: 'creatorApplication.messages.alreadyCreator',
  application_pending: 'creatorApplication.messages.pending',
  invalid_credentials: 'serverMessages.invalidCredentials',
  two_factor_challenge_expired: 'serverMessages.twoFactorChallengeExpired',
  email_not_verified: 'serverMessages.twoFactorNeedsVerifiedEmail',
  gone_meanwhile: 'serverMessages.goneMeanwhile',
  internal_error: 'serverMessages.internalError',
  server_busy: 'serverMessages.serverBusy',
} as const satisfies Partial<Record<ErrorCode, string>>;

/** The keys of an error body that say its refusal to a person. */
const TEXT_FIELDS = ['detail', 'error'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The body with its refusal (`detail`, `error`) in the current language through the catalogue
 * entry of `code`; an unknown code, English, or a catalogue without the entry leaves the texts
 * as they are.
 */
export function localizeByCode(code: string | undefined, body: unknown): unknown {
  if (code === undefined || !Object.hasOwn(ERROR_TEXT_KEYS, code) || !isRecord(body)) return body;
  if (!i18n.isReady || i18n.language === 'en') return body;
  const key = ERROR_TEXT_KEYS[code as keyof typeof ERROR_TEXT_KEYS];
  const localized = { ...body };
  for (const field of TEXT_FIELDS) {
    const text = localized[field];
    if (typeof text === 'string') localized[field] = i18n.translate(key, { defaultValue: text });
  }
  return localized;
}
