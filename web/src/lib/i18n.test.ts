import { describe, expect, it } from 'vitest';
import { isLanguage, preferredLanguage } from './i18n';

describe('preferredLanguage', () => {
  it('takes the first of the browser’s languages we have, by its base', () => {
    expect(preferredLanguage(['pt-BR', 'fr-FR', 'de'])).toBe('fr');
    expect(preferredLanguage(['DE-at'])).toBe('de');
  });

  it('falls back to English', () => {
    expect(preferredLanguage(['ja', 'pt'])).toBe('en');
    expect(preferredLanguage([])).toBe('en');
  });
});

describe('isLanguage', () => {
  it('accepts only the languages the settings offer', () => {
    expect(isLanguage('it')).toBe(true);
    expect(isLanguage('ar')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
