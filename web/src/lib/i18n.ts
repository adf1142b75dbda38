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
 * One dynamic import per catalogue, so each language is its own chunk and only the languages
 * in use are downloaded (English too: it is the fallback of the others). The translations are
 * JSON files beside the English catalogue (translator tools read and write them as they are):
 * `<code>.json`, plus `<code>-<area>.json` files whose top-level sections join it.
 */
const translations = import.meta.glob<{ default: Record<string, ResourceKey> }>(
  '../locales/*.json',
);

function translationFiles(language: Language) {
  return Object.entries(translations)
    .filter(([path]) => new RegExp(`/${language}(-[a-z-]+)?\\.json$`).test(path))
    .map(([, load]) => load);
}

async function loadCatalogue(language: Language): Promise<ResourceKey> {
  if (language === 'en') return import('../locales/en').then((module) => module.en);
  // A language without its files yet falls back to English key by key.
  const parts = await Promise.all(translationFiles(language).map((load) => load()));
  return Object.assign({}, ...parts.map((part) => part.default)) as ResourceKey;
}

const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    loadCatalogue(isLanguage(language) ? language : 'en').then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

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
      react: { useSuspense: false },
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
