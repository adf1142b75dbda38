import type { en } from '../locales/en';

/**
 * The app's text lookup: nested catalogue keys (`posts.unlockPrompt`), `{{name}}` placeholders
 * and plural forms chosen by `Intl.PluralRules` (`key_one`, `key_many`, `key_other`), falling
 * back to English key by key. The catalogues keep i18next's JSON format (v4 plural suffixes), so
 * translators' tools read and write them as before; the runtime is ours because i18next and
 * react-i18next cost about 16 KiB brotli on every first visit for the handful of features used
 * here (issue 20). What loads which catalogue part, and the language choice, is `i18n.ts`.
 */

type PluralForm = Intl.LDMLPluralRule;

/** Every key of a catalogue shaped like `T`; a plural key also by its base (`items` for `items_one`). */
type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}` | `${Prefix}${K extends `${infer Base}_${PluralForm}` ? Base : K}`
    : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type TranslationKey = KeysOf<typeof en>;

/** `count` picks the plural form; every other value fills the `{{placeholder}}` of its name. */
export type TranslateOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;

export interface TFunction {
  (key: TranslationKey, options?: TranslateOptions): string;
  /** A key made at run time (from a server's code): its text, else the default given. */
  (key: string, options: TranslateOptions & { defaultValue: string }): string;
}

export interface Catalogue {
  [key: string]: string | Catalogue;
}

const FALLBACK = 'en';

/** Languages written right to left, by their base code (ready for Arabic, Hebrew and others). */
const RIGHT_TO_LEFT = new Set([
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'he',
  'ks',
  'ps',
  'sd',
  'ug',
  'ur',
  'yi',
]);

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A placeholder whose value was not passed stays as written, as i18next leaves it. */
function interpolate(text: string, values: TranslateOptions): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    if (!Object.hasOwn(values, name)) return placeholder;
    const value = values[name];
    return value === undefined || value === null ? '' : String(value as string | number);
  });
}

export class Translator {
  private catalogues = new Map<string, Catalogue>();
  private pluralRules = new Map<string, Intl.PluralRules>();
  private listeners = new Set<() => void>();
  private current = FALLBACK;
  /** Moves on whenever what `t` would answer may change (language, a catalogue part added). */
  private version = 0;
  /** The `t` handed out for `boundVersion` (snapshot). */
  private bound: TFunction | undefined;
  private boundVersion = -1;

  get language(): string {
    return this.current;
  }

  /** Whether any catalogue has been added yet. */
  get isReady(): boolean {
    return this.catalogues.size > 0;
  }

  /** Adds texts to a language's catalogue (deeply: a later part joins the sections it has). */
  addCatalogue(language: string, texts: Catalogue): void {
    this.catalogues.set(language, merge(this.catalogues.get(language) ?? {}, texts));
    this.changed();
  }

  catalogue(language: string): Catalogue | undefined {
    return this.catalogues.get(language);
  }

  setLanguage(language: string): void {
    if (language === this.current) return;
    this.current = language;
    this.changed();
  }

  dir(language = this.current): 'ltr' | 'rtl' {
    return RIGHT_TO_LEFT.has(language.toLowerCase().split('-')[0] ?? '') ? 'rtl' : 'ltr';
  }

  /** The text of `key` in the current language, else in English, else `defaultValue` or the key. */
  translate(key: string, options: TranslateOptions = {}): string {
    const text =
      this.find(this.current, key, options.count) ??
      (this.current === FALLBACK ? undefined : this.find(FALLBACK, key, options.count)) ??
      options.defaultValue ??
      key;
    return interpolate(text, options);
  }

  /** A `t` for React: a new function whenever the texts may have changed, so memos notice. */
  readonly snapshot = (): TFunction => {
    const version = this.version;
    if (this.boundVersion !== version || !this.bound) {
      this.bound = (key: string, options?: TranslateOptions) => this.translate(key, options);
      this.boundVersion = version;
    }
    return this.bound;
  };

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private find(language: string, key: string, count: number | undefined): string | undefined {
    const catalogue = this.catalogues.get(language);
    if (count === undefined) return lookup(catalogue, key);
    return (
      lookup(catalogue, `${key}_${this.rules(language).select(count)}`) ??
      lookup(catalogue, `${key}_other`) ??
      lookup(catalogue, key)
    );
  }

  private rules(language: string): Intl.PluralRules {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.pluralRules.set(language, rules);
    }
    return rules;
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

function merge(into: Catalogue, texts: Catalogue): Catalogue {
  const merged: Catalogue = { ...into };
  for (const [name, value] of Object.entries(texts)) {
    const existing = merged[name];
    merged[name] =
      typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value;
  }
  return merged;
}
