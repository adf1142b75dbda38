import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from './i18n';

afterEach(async () => {
  await applyLanguage('en');
  localStorage.clear();
});

describe('applyLanguage', () => {
  it('switches once the language’s catalogue is in, with <html lang dir>, and keeps the choice', async () => {
    await applyLanguage('de');
    expect(i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
    expect(localStorage.getItem('zura-language')).toBe('de');
    // The German text, from the German catalogue file.
    expect(i18n.translate('feed.retry')).toBe('Erneut versuchen');
  });

  it('lets the last of two quick picks win, whichever catalogue arrives first', async () => {
    const french = applyLanguage('fr');
    // English is already shown: the second pick needs no loading and must not be overtaken.
    await applyLanguage('en');
    await french;
    expect(i18n.language).toBe('en');
  });
});
