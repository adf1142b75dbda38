import { LANGUAGES } from '@zura/contracts/languages';
import { Translator, type Catalogue } from './translator';

export type Language = (typeof LANGUAGES)[number];

/** The app's texts (`useTranslation` in React, `i18n.translate` elsewhere). */
export const i18n = new Translator();

/**
 * One dynamic import per catalogue part, so each language is its own chunks and only the
 * languages in use are downloaded (English too: it is the fallback of the others). The
 * translations are JSON files beside the English catalogue (translator tools read and write
 * them as they are): `<code>.json`, plus `<code>-<area>.json` files whose top-level sections
 * join it.
 *
 * Each catalogue has two parts: what every first visit needs, and the sections only other pages
 * use (`en-later.ts`, `<code>-later.json`), loaded with those pages (`loadLaterCatalogue`, which
 * the router's lazy pages await) so that the feed's first visit does not download the admin's
 * or the wallet's texts (issue 20, first-visit budget).
 */
const translations = import.meta.glob<{ default: Catalogue }>('../locales/*.json');

type CataloguePart = 'first' | 'later';

function translationFiles(language: Language, part: CataloguePart) {
  return Object.entries(translations)
    .filter(([path]) => new RegExp(`/${language}(-[a-z-]+)?\\.json$`).test(path))
    .filter(([path]) => path.endsWith(`/${language}-later.json`) === (part === 'later'))
    .map(([, load]) => load);
}

async function loadCatalogue(language: Language, part: CataloguePart): Promise<Catalogue> {
  // Two statements, not a ternary: the build preloads every chunk one import expression names.
  if (language === 'en' && part === 'first') {
    return import('../locales/en-first-visit').then((module) => module.enFirstVisit);
  }
  if (language === 'en') return import('../locales/en-later').then((module) => module.enLater);
  // A language without its files yet falls back to English key by key.
  const parts = await Promise.all(translationFiles(language, part).map((load) => load()));
  return Object.assign({}, ...parts.map((loaded) => loaded.default)) as Catalogue;
}

/** Each part of each language, once asked for: loading or in. */
const partsLoaded = new Map<string, Promise<void>>();

function loadPart(language: Language, part: CataloguePart): Promise<void> {
  const id = `${language}/${part}`;
  let loading = partsLoaded.get(id);
  if (!loading) {
    loading = loadCatalogue(language, part).then((texts) => i18n.addCatalogue(language, texts));
    // A failed load is tried again by the next that asks.
    loading.catch(() => partsLoaded.delete(id));
    partsLoaded.set(id, loading);
  }
  return loading;
}

/** Once a page has asked for the later part, a language loaded afterwards comes whole. */
let laterWanted = false;

/** What `language` needs now, with English (the fallback of the others). */
function loadLanguage(language: Language): Promise<void> {
  const parts: CataloguePart[] = laterWanted ? ['first', 'later'] : ['first'];
  const languages = new Set<Language>(['en', language]);
  return Promise.all(
    [...languages].flatMap((code) => parts.map((part) => loadPart(code, part))),
  ).then(() => undefined);
}

/**
 * The later part of the catalogue, for the language in use and its English fallback; resolves
 * at once when it is in. Pages other than the first-visit ones await this before they render.
 */
export function loadLaterCatalogue(): Promise<void> {
  laterWanted = true;
  return loadLanguage(currentLanguage());
}

/** Where an anonymous visitor's own choice is kept (the footer's language selector). */
const LANGUAGE_STORAGE_KEY = 'zura-language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of the browser's languages we have ('fr-FR' → 'fr'), else English. */
export function preferredLanguage(browserLanguages: readonly string[]): Language {
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

function storedLanguage(): Language | undefined {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The language before the saved setting is known: a stored choice, else the browser's. */
function startingLanguage(): Language {
  return storedLanguage() ?? preferredLanguage(globalThis.navigator?.languages ?? []);
}

/** `<html lang dir>` follow the language, so screen readers and CSS (logical sides) agree. */
function reflectOnDocument(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
}

/**
 * Resolves once the starting language's catalogue (and English, its fallback) has loaded, so
 * the first render never shows raw keys. Should a part fail to load, the app starts anyway (on
 * English, or on keys at worst) rather than not at all.
 */
export async function initI18n(): Promise<void> {
  const language = startingLanguage();
  await loadLanguage(language).catch(() => undefined);
  i18n.setLanguage(language);
  reflectOnDocument(language);
}

/** The language last asked for (applyLanguage). */
let languageWanted: Language | undefined;

/**
 * Switches the whole app at once (catalogue loaded first) and remembers the choice for the
 * next visit before sign-in.
 */
export async function applyLanguage(language: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage disabled: the choice still applies to this page
  }
  languageWanted = language;
  if (i18n.language === language) return;
  try {
    await loadLanguage(language);
  } catch {
    return; // its texts could not be fetched: the language shown stays, whole
  }
  // Two picks in a row: the last one wins, whichever catalogue arrives first.
  if (languageWanted !== language) return;
  i18n.setLanguage(language);
  reflectOnDocument(language);
}

/** The language the app speaks now, for `Intl` formatting. */
export function currentLanguage(): Language {
  const language = i18n.language;
  return isLanguage(language) ? language : 'en';
}
