/** Account rules shared by the server's validation and the web forms. */

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** Letters, digits, `_` and `-`; never digits only, because URLs take an id or a username. */
export const USERNAME_PATTERN = /^(?!\d+$)[A-Za-z0-9_-]{3,30}$/;
export const PASSWORD_MIN_LENGTH = 12;
/** Argon2 work grows with input; nobody types a longer password. */
export const PASSWORD_MAX_LENGTH = 256;

/**
 * Disposable-mail providers refused at sign-up (the spec fixes the list at 8 domains).
 * Subdomains of a listed domain are refused too.
 */
export const DISPOSABLE_EMAIL_DOMAINS = [
  'mailinator.com',
  'guerrillamail.com',
  '10minutemail.com',
  'tempmail.com',
  'yopmail.com',
  'trashmail.com',
  'maildrop.cc',
  'sharklasers.com',
] as const;

/** Login's rule from the spec: an @ that is neither first nor last, and a dot. */
export function looksLikeEmailForLogin(value: string): boolean {
  const at = value.indexOf('@');
  return at > 0 && at < value.length - 1 && value.includes('.');
}

/** local@domain.tld with no spaces; the shape sign-up accepts. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

export function emailDomain(email: string): string {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  // `maildrop.cc.` (a fully qualified name) is the same domain as `maildrop.cc`.
  let end = domain.length;
  while (end > 0 && domain[end - 1] === '.') end -= 1;
  return domain.slice(0, end);
}

export function isDisposableEmail(email: string): boolean {
  const domain = emailDomain(email);
  return DISPOSABLE_EMAIL_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`));
}
