import { i18n } from './i18n';

/**
 * The server answers in English (`{ detail }`, `{ error }`, `{ field: [msg] }`); many of its
 * texts are also texts of the English catalogue (shared through @zura/contracts). A known text
 * is shown in the current language through its catalogue key; any other text stays as the
 * server wrote it.
 */

type Bundle = { [key: string]: unknown };

let keysByText: Map<string, string> | undefined;
let builtFrom: unknown;

function collectTexts(bundle: Bundle, prefix: string, into: Map<string, string>): void {
  for (const [name, value] of Object.entries(bundle)) {
    const key = prefix ? `${prefix}.${name}` : name;
    // Texts with placeholders or plural forms cannot be matched to a finished sentence.
    if (typeof value === 'string') {
      if (!value.includes('{{') && !/_(one|other)$/.test(name) && !into.has(value)) {
        into.set(value, key);
      }
    } else if (typeof value === 'object' && value !== null) {
      collectTexts(value as Bundle, key, into);
    }
  }
}

/** English text → its first catalogue key, built once from the loaded English catalogue. */
function lookup(): Map<string, string> | undefined {
  const english = i18n.catalogue('en');
  if (!english) return undefined;
  if (english !== builtFrom || !keysByText) {
    keysByText = new Map();
    collectTexts(english as Bundle, '', keysByText);
    builtFrom = english;
  }
  return keysByText;
}

/** One server text in the current language, or as sent when the catalogue does not know it. */
export function localizeServerText(text: string): string {
  if (!i18n.isReady || i18n.language === 'en') return text;
  const key = lookup()?.get(text.trim());
  if (!key) return text;
  return i18n.translate(key, { defaultValue: text });
}

/** The error body with every text in it (two levels: `{ field: [msg] }`) localized. */
export function localizeServerBody(body: unknown): unknown {
  if (typeof body === 'string') return localizeServerText(body);
  if (Array.isArray(body)) return body.map(localizeServerBody);
  if (typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) => [
      name,
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? value
        : localizeServerBody(value),
    ]),
  );
}
