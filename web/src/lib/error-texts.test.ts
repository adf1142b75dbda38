import { messages } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../locales/en';
import { ApiError } from './api-errors';
import { ERROR_TEXT_KEYS } from './error-texts';
import { i18n } from './i18n';

function textAt(catalogue: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, name) =>
        typeof node === 'object' && node !== null
          ? (node as Record<string, unknown>)[name]
          : undefined,
      catalogue,
    );
}

beforeAll(() => {
  i18n.addCatalogue('en', {
    validation: { emailInvalid: messages.emailInvalid },
    serverMessages: { passwordWrong: messages.passwordWrong },
  });
  i18n.addCatalogue('fr', {
    validation: { emailInvalid: 'Saisissez une adresse e-mail valide.' },
    serverMessages: { passwordWrong: 'Le mot de passe n’est pas correct.' },
  });
  i18n.setLanguage('fr');
});

afterAll(() => i18n.setLanguage('en'));

describe('error texts by code', () => {
  it('names only keys of the English catalogue', () => {
    for (const [code, key] of Object.entries(ERROR_TEXT_KEYS)) {
      expect(typeof textAt(en, key), `${code} → ${key}`).toBe('string');
    }
  });

  it("shows a code's refusal in the reader's language, whatever the English wording", () => {
    // The locked post's refusal is worded differently from the catalogue's, same code.
    const error = new ApiError(400, {
      code: 'incorrect_password',
      detail: 'Incorrect password',
      error: 'Incorrect password',
    });
    expect(error.code).toBe('incorrect_password');
    expect(error.body).toEqual({ error: 'Le mot de passe n’est pas correct.' });
  });

  it('keeps the text as sent for a code it does not know', () => {
    const error = new ApiError(400, { code: 'something_new', detail: 'Only the server says.' });
    expect(error.code).toBeUndefined();
    expect(error.body).toEqual({ detail: 'Only the server says.' });
  });

  it('keeps the text as sent for a general code (many refusals share it)', () => {
    const error = new ApiError(409, { code: 'conflict', detail: 'Already reported.' });
    expect(error.code).toBe('conflict');
    expect(error.body).toEqual({ detail: 'Already reported.' });
  });

  it('still localizes field errors by their text', () => {
    const error = new ApiError(400, {
      code: 'validation_failed',
      detail: `email: ${messages.emailInvalid}`,
      fields: { email: [messages.emailInvalid, 'Other.'] },
      email: [messages.emailInvalid, 'Other.'],
    });
    expect(error.code).toBe('validation_failed');
    expect(error.body).toEqual({ email: ['Saisissez une adresse e-mail valide.', 'Other.'] });
  });

  it('leaves English as the server wrote it', () => {
    i18n.setLanguage('en');
    const error = new ApiError(400, { code: 'incorrect_password', detail: 'Incorrect password' });
    expect(error.body).toEqual({ detail: 'Incorrect password' });
    i18n.setLanguage('fr');
  });
});
