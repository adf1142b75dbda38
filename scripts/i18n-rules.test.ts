import { describe, expect, it } from 'vitest';
import {
  compareCatalogue,
  keyLiterals,
  pluralCategories,
  unexpectedlyUnused,
  unusedKeys,
  type Catalogue,
  comparePartition,
} from './i18n-rules.ts';

const english: Catalogue = {
  nav: { home: 'Home', greeting: 'Hello {{name}}' },
  likes: { count_one: '{{count}} like', count_other: '{{count}} likes' },
  usage: { used_one: 'Used once', used_other: 'Used {{count}} times' },
};

const germanLikes = { count_one: '{{count}} Like', count_other: '{{count}} Likes' };
const goodGerman: Catalogue = {
  nav: { home: 'Start', greeting: 'Hallo {{name}}' },
  likes: germanLikes,
  usage: { used_one: 'Einmal benutzt', used_other: '{{count}}-mal benutzt' },
};

describe('compareCatalogue', () => {
  it('accepts a complete translation with the language’s plural forms', () => {
    expect(compareCatalogue('de', english, goodGerman)).toEqual([]);
  });

  it('names a missing key and an extra key', () => {
    const bad = { ...goodGerman, nav: { greeting: 'Hallo {{name}}', extra: 'Extra' } };
    expect(compareCatalogue('de', english, bad)).toEqual([
      'de: missing nav.home',
      'de: extra key nav.extra',
    ]);
  });

  it('names a placeholder renamed or dropped', () => {
    const bad = { ...goodGerman, nav: { home: 'Start', greeting: 'Hallo {{nom}}' } };
    expect(compareCatalogue('de', english, bad)).toEqual([
      'de: nav.greeting uses {{nom}} but English uses {{name}}',
    ]);
  });

  it('wants every CLDR category of the language, and no other', () => {
    const spanish: Catalogue = {
      nav: { home: 'Inicio', greeting: 'Hola {{name}}' },
      likes: { count_one: '{{count}} me gusta', count_other: '{{count}} me gusta' },
      usage: { used_one: 'Usado una vez', used_many: 'x', used_other: 'Usado {{count}} veces' },
    };
    expect(compareCatalogue('es', english, spanish)).toEqual([
      'es: likes.count has plural forms [one, other], needs [many, one, other]',
    ]);
    const german = { ...goodGerman, likes: { ...germanLikes, count_few: 'x' } };
    expect(compareCatalogue('de', english, german)).toEqual([
      'de: likes.count has plural forms [few, one, other], needs [one, other]',
    ]);
  });

  it('refuses a plural where English has a plain text', () => {
    const bad = {
      ...goodGerman,
      nav: { home_one: 'a', home_other: 'b', greeting: 'Hallo {{name}}' },
    };
    expect(compareCatalogue('de', english, bad)).toEqual([
      'de: nav.home is plural here but not in English',
    ]);
  });
});

describe('pluralCategories', () => {
  it('follows CLDR through Intl', () => {
    expect(pluralCategories('de')).toEqual(['one', 'other']);
    expect(pluralCategories('fr')).toEqual(['many', 'one', 'other']);
    expect(pluralCategories('ar')).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
  });
});

describe('unused keys', () => {
  it('counts a plural key used through its base, and keys under a built prefix', () => {
    const used = new Set(keyLiterals('t(\'likes.count\', { count }); t("nav.home")'));
    expect(unusedKeys(english, used, ['usage.'])).toEqual(['nav.greeting']);
  });

  it('fails on a new unused key and on a listed key that is used again', () => {
    expect(unexpectedlyUnused(['a.b', 'c.d'], ['a.b', 'e.f'])).toEqual([
      'en: c.d is not used by the code',
      'en: e.f is used (or gone): take it off KNOWN_UNUSED_KEYS',
    ]);
  });
});

describe('comparePartition', () => {
  it('accepts the later sections in the later file only', () => {
    expect(comparePartition('fr', ['admin', 'wallet'], ['wallet', 'admin'], ['feed'])).toEqual([]);
  });

  it('names a later section missing from the later file, an extra one, and one left in the first', () => {
    expect(comparePartition('de', ['admin', 'wallet'], ['admin', 'feed'], ['wallet'])).toEqual([
      'de: "wallet" belongs in de-later.json',
      'de: "feed" is not a later section; move it out of de-later.json',
      'de: "wallet" is a later section; move it to de-later.json',
    ]);
  });
});
