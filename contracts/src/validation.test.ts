import { describe, expect, it } from 'vitest';
import {
  DISPOSABLE_EMAIL_DOMAINS,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
  emailDomain,
  isDisposableEmail,
  isValidEmail,
  looksLikeEmailForLogin,
} from './validation.ts';

describe('isValidEmail', () => {
  it.each(['ana@example.com', 'a.b+tag@mail.example.co.uk', 'x@y.z', 'ANA@EXAMPLE.COM'])(
    'accepts %s',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );

  it.each([
    ['', 'empty'],
    ['ana', 'no at-sign'],
    ['ana@example', 'no dot after the at-sign'],
    ['@example.com', 'nothing before the at-sign'],
    ['ana@', 'nothing after the at-sign'],
    ['ana@@example.com', 'two at-signs'],
    ['ana@exa mple.com', 'a space in the domain'],
    [' ana@example.com', 'a leading space'],
    ['ana@example.', 'nothing after the dot'],
  ])('rejects %j (%s)', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('rejects an address longer than 254 characters', () => {
    const at254 = `${'a'.repeat(254 - '@example.com'.length)}@example.com`;
    expect(at254).toHaveLength(254);
    expect(isValidEmail(at254)).toBe(true);
    expect(isValidEmail(`a${at254}`)).toBe(false);
  });
});

describe('isDisposableEmail', () => {
  it('holds the 8 domains the spec fixes, maildrop.cc among them', () => {
    expect(DISPOSABLE_EMAIL_DOMAINS).toHaveLength(8);
    expect(new Set(DISPOSABLE_EMAIL_DOMAINS).size).toBe(8);
    expect(DISPOSABLE_EMAIL_DOMAINS).toContain('maildrop.cc');
  });

  it.each(DISPOSABLE_EMAIL_DOMAINS)('refuses an address at %s', (domain) => {
    expect(isDisposableEmail(`someone@${domain}`)).toBe(true);
  });

  it('ignores the case of the domain', () => {
    expect(isDisposableEmail('someone@MailDrop.CC')).toBe(true);
    expect(isDisposableEmail('someone@MAILINATOR.COM')).toBe(true);
  });

  it('refuses subdomains of a listed domain', () => {
    expect(isDisposableEmail('someone@eu.maildrop.cc')).toBe(true);
    expect(isDisposableEmail('someone@a.b.yopmail.com')).toBe(true);
  });

  it('refuses a listed domain written with a trailing dot', () => {
    expect(isDisposableEmail('someone@maildrop.cc.')).toBe(true);
  });

  it('accepts domains that only look alike', () => {
    expect(isDisposableEmail('someone@notmaildrop.cc')).toBe(false);
    expect(isDisposableEmail('someone@maildrop.cc.example.com')).toBe(false);
    expect(isDisposableEmail('someone@maildrop.co')).toBe(false);
    expect(isDisposableEmail('someone@example.com')).toBe(false);
  });

  it('reads the domain after the last at-sign', () => {
    expect(emailDomain('"a@b"@Example.COM')).toBe('example.com');
    expect(isDisposableEmail('maildrop.cc@example.com')).toBe(false);
  });
});

describe('looksLikeEmailForLogin (spec: an @ neither first nor last, and a dot)', () => {
  it.each(['ana@example.com', 'a@b.c', 'first.last@localhost', 'a@b.'])('accepts %j', (value) => {
    expect(looksLikeEmailForLogin(value)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['ana.example.com', 'no at-sign'],
    ['ana@example', 'no dot'],
    ['@example.com', 'at-sign first'],
    ['ana.example.com@', 'at-sign last'],
    ['@', 'only an at-sign'],
  ])('rejects %j (%s)', (value) => {
    expect(looksLikeEmailForLogin(value)).toBe(false);
  });
});

describe('USERNAME_PATTERN', () => {
  it('matches the documented bounds', () => {
    expect(USERNAME_MIN_LENGTH).toBe(3);
    expect(USERNAME_MAX_LENGTH).toBe(30);
  });

  it('accepts 3 to 30 characters', () => {
    expect(USERNAME_PATTERN.test('abc')).toBe(true);
    expect(USERNAME_PATTERN.test('a'.repeat(30))).toBe(true);
  });

  it('refuses 2 and 31 characters', () => {
    expect(USERNAME_PATTERN.test('ab')).toBe(false);
    expect(USERNAME_PATTERN.test('a'.repeat(31))).toBe(false);
  });

  it('accepts letters, digits, underscores and hyphens', () => {
    expect(USERNAME_PATTERN.test('Ana_Maria-99')).toBe(true);
    expect(USERNAME_PATTERN.test('___')).toBe(true);
    expect(USERNAME_PATTERN.test('---')).toBe(true);
  });

  it.each([
    ['ana maria', 'a space'],
    ['ana.maria', 'a dot'],
    ['ana@maria', 'an at-sign'],
    ['anaïs', 'a non-ASCII letter'],
    ['ana\n', 'a trailing newline'],
    ['ana/../x', 'a slash'],
  ])('refuses %j (%s)', (value) => {
    expect(USERNAME_PATTERN.test(value)).toBe(false);
  });
});
