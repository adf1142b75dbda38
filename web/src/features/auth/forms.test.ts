import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-errors';
import { catalogueT } from '../../lib/test-helpers';
import {
  formatFieldErrors,
  loginErrorMessage,
  resetConfirmErrorMessage,
  signupErrorMessage,
} from './errors';
import {
  forgotPasswordFormSchema,
  loginFormSchema,
  resetPasswordFormSchema,
  signupFormSchema,
} from './schemas';

const t = catalogueT;

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('login validation', () => {
  const check = (email: string, password: string) =>
    firstMessage(loginFormSchema(t).safeParse({ email, password }));

  it('requires both fields', () => {
    expect(check('', 'x')).toBe('Please fill in all fields');
    expect(check('a@b.co', '')).toBe('Please fill in all fields');
  });

  it('wants an @ that is neither first nor last, and a dot', () => {
    expect(check('ab.co', 'x')).toBe('Please enter a valid email address');
    expect(check('@b.co', 'x')).toBe('Please enter a valid email address');
    expect(check('a.b@', 'x')).toBe('Please enter a valid email address');
    expect(check('a@b.co', 'x')).toBeUndefined();
  });
});

describe('sign-up validation', () => {
  const valid = {
    username: 'maya_r',
    email: 'maya@example.com',
    password: 'Kxmqzwtrj!7v',
    password_confirm: 'Kxmqzwtrj!7v',
  };
  const check = (changes: Partial<typeof valid>) =>
    firstMessage(signupFormSchema(t).safeParse({ ...valid, ...changes }));

  it('accepts a complete form', () => {
    expect(check({})).toBeUndefined();
  });

  it('requires all four fields', () => {
    expect(check({ username: '' })).toBe('Please fill in all required fields');
    expect(check({ password_confirm: '' })).toBe('Please fill in all required fields');
  });

  it('checks the email shape and refuses disposable domains', () => {
    expect(check({ email: 'maya@example' })).toBe('Please enter a valid email address');
    expect(check({ email: 'maya@maildrop.cc' })).toBe(
      'Disposable email addresses are not allowed.',
    );
  });

  it('wants matching passwords of at least 12 characters', () => {
    expect(check({ password_confirm: 'something else' })).toBe('Passwords do not match');
    expect(check({ password: 'short', password_confirm: 'short' })).toBe(
      'Password must be at least 12 characters long',
    );
  });
});

describe('forgot and reset password validation', () => {
  it('forgot: required, then an at-sign', () => {
    const check = (email: string) => firstMessage(forgotPasswordFormSchema(t).safeParse({ email }));
    expect(check('')).toBe('Please enter your email address');
    expect(check('maya')).toBe('Please enter a valid email address');
    expect(check('maya@x')).toBeUndefined();
  });

  it('reset: required, match, then length', () => {
    const check = (password: string, password_confirm: string) =>
      firstMessage(resetPasswordFormSchema(t).safeParse({ password, password_confirm }));
    expect(check('', '')).toBe('Please fill in all fields');
    expect(check('abcdefghijkl', 'abcdefghijkx')).toBe('Passwords do not match');
    expect(check('short', 'short')).toBe('Password must be at least 12 characters long');
  });
});

describe('server error texts', () => {
  it('joins field errors as "field: messages" with "; "', () => {
    expect(
      formatFieldErrors({
        username: ['A user with that username already exists.'],
        email: ['Please enter a valid email address', 'Another.'],
      }),
    ).toBe(
      'username: A user with that username already exists.; email: Please enter a valid email address, Another.',
    );
  });

  it('sign-up: field errors, a lone detail, or the fallback', () => {
    expect(signupErrorMessage(new ApiError(400, { email: ['Taken.'] }), t)).toBe('email: Taken.');
    expect(signupErrorMessage(new ApiError(429, { detail: 'Slow down.' }), t)).toBe('Slow down.');
    expect(signupErrorMessage(new Error('boom'), t)).toBe('Registration failed. Please try again.');
  });

  it('login: the detail, or the fallback', () => {
    expect(loginErrorMessage(new ApiError(401, { detail: 'No account.' }), t)).toBe('No account.');
    expect(loginErrorMessage(new Error('x'), t)).toBe(
      'Login failed. Please check your credentials.',
    );
  });

  it('reset confirm: error and details in one message, without repeats', () => {
    expect(
      resetConfirmErrorMessage(
        new ApiError(400, { error: 'Password could not be reset.', details: ['Too short.'] }),
        t,
      ),
    ).toBe('Password could not be reset. Too short.');
    expect(
      resetConfirmErrorMessage(new ApiError(400, { error: 'Expired.', details: ['Expired.'] }), t),
    ).toBe('Expired.');
    expect(resetConfirmErrorMessage(new Error('x'), t)).toBe('Failed to reset password');
  });
});
