import { messages } from '@zura/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-errors';
import { i18n } from './i18n';
import { localizeServerText } from './server-texts';

beforeAll(() => {
  i18n.addCatalogue('en', { validation: { emailInvalid: messages.emailInvalid } });
  i18n.addCatalogue('es', { validation: { emailInvalid: 'Introduce un correo válido.' } });
  i18n.setLanguage('es');
});

describe('server texts in the current language', () => {
  it('shows a text the English catalogue knows through its key', () => {
    expect(localizeServerText(messages.emailInvalid)).toBe('Introduce un correo válido.');
  });

  it('keeps a text the catalogue does not know as the server sent it', () => {
    expect(localizeServerText('Something only the server says.')).toBe(
      'Something only the server says.',
    );
  });

  it('localizes every text of an error body: field lists, detail and error', () => {
    const error = new ApiError(400, {
      email: [messages.emailInvalid, 'Other.'],
      detail: messages.emailInvalid,
      code: 7,
    });
    expect(error.body).toEqual({
      email: ['Introduce un correo válido.', 'Other.'],
      detail: 'Introduce un correo válido.',
      code: 7,
    });
  });

  it('leaves English as it is', () => {
    i18n.setLanguage('en');
    expect(localizeServerText(messages.emailInvalid)).toBe(messages.emailInvalid);
    i18n.setLanguage('es');
  });
});
