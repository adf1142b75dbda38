import { describe, expect, it } from 'vitest';
import { Translator } from './translator';

function translator() {
  const i18n = new Translator();
  i18n.addCatalogue('en', {
    feed: { title: 'Feed', greeting: 'Hello {{name}}, {{name}}!' },
    posts: { count_one: '{{count}} post', count_other: '{{count}} posts' },
    only: { english: 'Only in English' },
  });
  i18n.addCatalogue('fr', {
    feed: { title: 'Fil' },
    posts: {
      count_one: '{{count}} publication',
      count_many: '{{count}} de publications',
      count_other: '{{count}} publications',
    },
  });
  return i18n;
}

describe('Translator', () => {
  it('finds nested keys in the current language and falls back to English key by key', () => {
    const i18n = translator();
    i18n.setLanguage('fr');
    expect(i18n.translate('feed.title')).toBe('Fil');
    expect(i18n.translate('only.english')).toBe('Only in English');
  });

  it('answers the default, else the key itself, for a key no catalogue has', () => {
    const i18n = translator();
    expect(i18n.translate('admin.audit.actions.purge', { defaultValue: 'purge' })).toBe('purge');
    expect(i18n.translate('no.such.key')).toBe('no.such.key');
  });

  it('picks the plural form by the language’s rules, `other` when it lacks that form', () => {
    const i18n = translator();
    expect(i18n.translate('posts.count', { count: 1 })).toBe('1 post');
    expect(i18n.translate('posts.count', { count: 0 })).toBe('0 posts');
    i18n.setLanguage('fr');
    // French counts 0 and 1 as "one", and a million as "many".
    expect(i18n.translate('posts.count', { count: 0 })).toBe('0 publication');
    expect(i18n.translate('posts.count', { count: 1_000_000 })).toBe('1000000 de publications');
    expect(i18n.translate('posts.count', { count: 7 })).toBe('7 publications');
  });

  it('fills every placeholder; one not passed stays as written, a null one is empty', () => {
    const i18n = translator();
    expect(i18n.translate('feed.greeting', { name: 'Ada' })).toBe('Hello Ada, Ada!');
    expect(i18n.translate('feed.greeting')).toBe('Hello {{name}}, {{name}}!');
    expect(i18n.translate('feed.greeting', { name: null })).toBe('Hello , !');
  });

  it('joins a later part into the sections a language already has', () => {
    const i18n = translator();
    i18n.addCatalogue('en', { feed: { empty: 'Nothing yet' } });
    expect(i18n.translate('feed.empty')).toBe('Nothing yet');
    expect(i18n.translate('feed.title')).toBe('Feed');
  });

  it('gives React a new `t` exactly when the texts may have changed, and tells subscribers', () => {
    const i18n = translator();
    const calls: string[] = [];
    const unsubscribe = i18n.subscribe(() => calls.push(i18n.language));
    const first = i18n.snapshot();
    expect(i18n.snapshot()).toBe(first);
    i18n.setLanguage('fr');
    const second = i18n.snapshot();
    expect(second).not.toBe(first);
    expect(second('feed.title' as never)).toBe('Fil');
    i18n.setLanguage('fr');
    expect(i18n.snapshot()).toBe(second);
    unsubscribe();
    i18n.setLanguage('en');
    expect(calls).toEqual(['fr']);
  });

  it('writes right-to-left languages right to left', () => {
    const i18n = translator();
    expect(i18n.dir('ar')).toBe('rtl');
    expect(i18n.dir('he-IL')).toBe('rtl');
    expect(i18n.dir('fr')).toBe('ltr');
  });
});
