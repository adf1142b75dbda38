import {
  isDisposableEmail,
  isValidEmail,
  messages,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_PATTERN,
  type SignupRequest,
} from '@zura/contracts';
import type { FieldErrors } from '../../lib/errors.ts';

/** The checks of a new account's fields and of any new password, with the spec's messages. */

export function passwordProblems(password: string): string[] {
  if (password.length < PASSWORD_MIN_LENGTH) return [messages.passwordTooShort];
  if (password.length > PASSWORD_MAX_LENGTH) return [messages.passwordTooLong];
  return [];
}

export function validateSignup(input: SignupRequest): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!input.username) add('username', messages.required);
  else if (!USERNAME_PATTERN.test(input.username)) add('username', messages.usernameInvalid);
  const email = input.email.trim();
  if (!email) add('email', messages.required);
  else if (!isValidEmail(email)) add('email', messages.emailInvalid);
  else if (isDisposableEmail(email)) add('email', messages.emailDisposable);
  if (!input.password) add('password', messages.required);
  else for (const problem of passwordProblems(input.password)) add('password', problem);
  if (!input.password_confirm) add('password_confirm', messages.required);
  else if (input.password && input.password !== input.password_confirm) {
    add('password_confirm', messages.passwordsDoNotMatch);
  }
  return errors;
}
