import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from './i18n';
import { categoryLabel, tagLabel, vibeLabel } from './taxonomy-labels';

afterEach(async () => {
  await applyLanguage('en');
  localStorage.clear();
});

describe('taxonomy labels', () => {
  it('show the presets in the reader’s language and custom entries as typed', async () => {
    expect(tagLabel('Q&A Sessions')).toBe('Q&A Sessions');
    await applyLanguage('de');
    expect(categoryLabel('books')).toBe('Bücher');
    expect(categoryLabel('travel')).toBe('Reisen');
    expect(categoryLabel('Knitting circles')).toBe('Knitting circles');
    // Stored as the preset's English name, in whatever case the creator's client sent it.
    expect(tagLabel('Q&A Sessions')).toBe('Fragerunden');
    expect(tagLabel('behind the scenes')).toBe('Hinter den Kulissen');
    expect(tagLabel('my own tag')).toBe('my own tag');
    expect(vibeLabel('Playful')).toBe('Verspielt');
    await applyLanguage('it');
    expect(tagLabel('Cute Pets')).toBe('Animali adorabili');
  });
});
