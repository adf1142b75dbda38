import { LANGUAGES } from '@zura/contracts/languages';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { en } from '../locales/en';

export type Language = (typeof LANGUAGES)[number];

const defaultNS = 'translation';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

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
const translations = import.meta.glob<{ default: Record<string, ResourceKey> }>(
  '../locales/*.json',
);

type CataloguePart = 'first' | 'later';

function translationFiles(language: Language, part: CataloguePart) {
  return Object.entries(translations)
    .filter(([path]) => new RegExp(`/${language}(-[a-z-]+)?\\.json$`).test(path))
    .filter(([path]) => path.endsWith(`/${language}-later.json`) === (part === 'later'))
    .map(([, load]) => load);
}

async function loadCatalogue(language: Language, part: CataloguePart): Promise<ResourceKey> {
  // Two statements, not a ternary: the build preloads every chunk one import expression names.
  if (language === 'en' && part === 'first') {
    return import('../locales/en-first-visit').then((module) => module.enFirstVisit);
  }
  if (language === 'en') return import('../locales/en-later').then((module) => module.enLater);
  // A language without its files yet falls back to English key by key.
  const parts = await Promise.all(translationFiles(language, part).map((load) => load()));
  return Object.assign({}, ...parts.map((loaded) => loaded.default)) as ResourceKey;
}

/** Once a page has asked for the later part, a language loaded afterwards comes whole. */
let laterWanted = false;
const laterLoaded = new Map<Language, Promise<void>>();

const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    const code = isLanguage(language) ? language : 'en';
    const wholeCatalogue = laterWanted;
    Promise.all([
      loadCatalogue(code, 'first'),
      wholeCatalogue ? loadCatalogue(code, 'later') : undefined,
    ]).then(
      ([first, later]) => {
        if (wholeCatalogue) laterLoaded.set(code, Promise.resolve());
        callback(null, { ...(first as object), ...(later as object | undefined) });
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * The later part of the catalogue, for the language in use and its English fallback; resolves
 * at once when it is in. Pages other than the first-visit ones await this before they render.
 */
export function loadLaterCatalogue(): Promise<void> {
  laterWanted = true;
  const languages = new Set<Language>(['en', currentLanguage()]);
  return Promise.all(
    [...languages].map((language) => {
      let loading = laterLoaded.get(language);
      if (!loading) {
        loading = loadCatalogue(language, 'later').then((later) => {
          i18n.addResourceBundle(language, defaultNS, later, true, true);
        });
        // A failed load is tried again by the next page that asks.
        loading.catch(() => laterLoaded.delete(language));
        laterLoaded.set(language, loading);
      }
      return loading;
    }),
  ).then(() => undefined);
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
 * the first render never shows raw keys.
 */
export async function initI18n(): Promise<typeof i18n> {
  i18n.on('languageChanged', reflectOnDocument);
  // A language already loaded before a later page asked for the rest gets the rest too.
  i18n.on('languageChanged', () => {
    if (laterWanted) void loadLaterCatalogue().catch(() => undefined);
  });
  await i18n
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: startingLanguage(),
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      defaultNS,
      ns: [defaultNS],
      interpolation: { escapeValue: false }, // React escapes
      // A catalogue part added later (loadLaterCatalogue) re-renders what uses it.
      react: { useSuspense: false, bindI18nStore: 'added' },
    });
  return i18n;
}

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
  if (i18n.resolvedLanguage !== language) await i18n.changeLanguage(language);
}

/** The language the app speaks now, for `Intl` formatting. */
export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage;
  return isLanguage(language) ? language : 'en';
}
