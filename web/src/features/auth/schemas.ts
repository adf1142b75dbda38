import {
  PASSWORD_MIN_LENGTH,
  USERNAME_PATTERN,
  isDisposableEmail,
  isValidEmail,
  looksLikeEmailForLogin,
} from '@zura/contracts';
import type { TFunction } from '../../lib/translator';
import { z } from 'zod';

/**
 * Form schemas of the auth screens. Each emits at most one issue, in the spec's order, on the
 * field it concerns; the form shows that one message in its alert. Factories take `t` so the
 * messages come from the catalogue.
 */

export const loginFormSchema = (t: TFunction) =>
  z.object({ email: z.string(), password: z.string() }).superRefine(({ email, password }, ctx) => {
    if (email.trim() === '' || password === '') {
      const path = email.trim() === '' ? 'email' : 'password';
      ctx.addIssue({ code: 'custom', path: [path], message: t('validation.fillAllFields') });
    } else if (!looksLikeEmailForLogin(email.trim())) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: t('validation.emailInvalid') });
    }
  });
export type LoginFormValues = z.infer<ReturnType<typeof loginFormSchema>>;

const signupFields = ['username', 'email', 'password', 'password_confirm'] as const;

export const signupFormSchema = (t: TFunction) =>
  z
    .object({
      username: z.string(),
      email: z.string(),
      password: z.string(),
      password_confirm: z.string(),
    })
    .superRefine((values, ctx) => {
      const empty = signupFields.find((field) => values[field].trim() === '');
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      const email = values.email.trim();
      if (empty) issue(empty, t('validation.fillAllRequiredFields'));
      else if (!USERNAME_PATTERN.test(values.username.trim()))
        issue('username', t('validation.usernameInvalid'));
      else if (!isValidEmail(email)) issue('email', t('validation.emailInvalid'));
      else if (isDisposableEmail(email)) issue('email', t('validation.emailDisposable'));
      else if (values.password !== values.password_confirm)
        issue('password_confirm', t('validation.passwordsDoNotMatch'));
      else if (values.password.length < PASSWORD_MIN_LENGTH)
        issue('password', t('validation.passwordTooShort'));
    });
export type SignupFormValues = z.infer<ReturnType<typeof signupFormSchema>>;

export const forgotPasswordFormSchema = (t: TFunction) =>
  z.object({ email: z.string() }).superRefine(({ email }, ctx) => {
    if (email.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['email'], message: t('validation.emailRequired') });
    } else if (!email.includes('@')) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: t('validation.emailInvalid') });
    }
  });
export type ForgotPasswordFormValues = z.infer<ReturnType<typeof forgotPasswordFormSchema>>;

export const resetPasswordFormSchema = (t: TFunction) =>
  z
    .object({ password: z.string(), password_confirm: z.string() })
    .superRefine(({ password, password_confirm }, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (password === '' || password_confirm === '') {
        issue(password === '' ? 'password' : 'password_confirm', t('validation.fillAllFields'));
      } else if (password !== password_confirm) {
        issue('password_confirm', t('validation.passwordsDoNotMatch'));
      } else if (password.length < PASSWORD_MIN_LENGTH) {
        issue('password', t('validation.passwordTooShort'));
      }
    });
export type ResetPasswordFormValues = z.infer<ReturnType<typeof resetPasswordFormSchema>>;
