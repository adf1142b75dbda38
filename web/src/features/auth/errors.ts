import type { TFunction } from '../../lib/translator';
import { ApiError, NetworkError, errorBodyText, isRecord } from '../../lib/api-errors';

/** Server validation answers `{ field: [messages] }`: shown as "field: messages" joined by "; ". */
export function formatFieldErrors(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const parts = Object.entries(body).flatMap(([field, value]) => {
    const list = Array.isArray(value) ? value : [value];
    const texts = list.filter((item): item is string => typeof item === 'string' && item !== '');
    return texts.length > 0 ? [`${field}: ${texts.join(', ')}`] : [];
  });
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/** Login: the server's detail if present, otherwise the spec's fallback. */
export function loginErrorMessage(error: unknown, t: TFunction): string {
  return errorBodyText(error, 'detail') ?? t('auth.login.failed');
}

/** The code step of a sign-in: the server's reason (wrong code, expired, too many tries). */
export function secondFactorErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status < 500 && isRecord(error.body)) {
    const code = error.body.code;
    if (Array.isArray(code) && typeof code[0] === 'string') return code[0];
  }
  return errorBodyText(error, 'detail') ?? t('auth.secondFactor.failed');
}

/**
 * Sign-up: field errors as "field: messages"; a plain `{detail}` (rate limit) is shown as it
 * is rather than as "detail: ..."; otherwise the spec's fallback.
 */
export function signupErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const body = error.body;
    const onlyDetail = isRecord(body) && Object.keys(body).length === 1;
    const detail = errorBodyText(error, 'detail');
    if (onlyDetail && detail) return detail;
    const fields = error.status < 500 ? formatFieldErrors(body) : undefined;
    if (fields) return fields;
  }
  return t('auth.signup.failed');
}

export function verifyEmailErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError) return t('auth.verifyEmail.networkError');
  return (
    errorBodyText(error, 'error') ?? errorBodyText(error, 'detail') ?? t('auth.verifyEmail.failed')
  );
}

export function forgotPasswordErrorMessage(error: unknown, t: TFunction): string {
  return (
    errorBodyText(error, 'error') ??
    errorBodyText(error, 'detail') ??
    t('auth.forgotPassword.failed')
  );
}

export function resetTokenErrorMessage(error: string | undefined, t: TFunction): string {
  return error?.trim() ? error : t('auth.resetPassword.invalidLink');
}

/** Confirm answers `{error, details: [...]}`: one message, without repeating a line. */
export function resetConfirmErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && isRecord(error.body)) {
    const { error: summary, details, detail } = error.body;
    const lines = [
      typeof summary === 'string' ? summary : undefined,
      ...(Array.isArray(details) ? details : []),
      typeof detail === 'string' ? detail : undefined,
    ].filter((line): line is string => typeof line === 'string' && line.trim() !== '');
    const unique = [...new Set(lines)];
    if (unique.length > 0) return unique.join(' ');
  }
  return t('auth.resetPassword.failed');
}
