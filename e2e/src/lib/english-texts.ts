import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The English sentences a page in another language must not show: every text of the web's
 * English catalogue whose translation differs (a text both languages write alike, "Zura" or
 * "Gaming", is not English there), kept when it is a sentence, at least two words; a text
 * with placeholders counts by its fixed parts.
 */

// The web's catalogue, imported by URL: its modules follow the web's import style, not ours.
const CATALOGUE = new URL('../../../web/src/locales/en.ts', import.meta.url).href;
const LOCALES = fileURLToPath(new URL('../../../web/src/locales/', import.meta.url));
const { en } = (await import(CATALOGUE)) as { en: Tree };

type Tree = { [key: string]: string | Tree };

/** `<code>.json` and its `<code>-<area>.json` companions, joined as the app joins them. */
function translation(language: string): Tree {
  const files = readdirSync(LOCALES).filter((file) =>
    new RegExp(`^${language}(-[a-z-]+)?\\.json$`).test(file),
  );
  return Object.assign(
    {},
    ...files.map((file) => JSON.parse(readFileSync(`${LOCALES}${file}`, 'utf8')) as Tree),
  ) as Tree;
}

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === 'string') found.set(`${prefix}${name}`, value);
    else for (const [key, text] of leaves(value, `${prefix}${name}.`)) found.set(key, text);
  }
  return found;
}

/** Two words at least: a sentence or a phrase, not a word both languages may share. */
function isPhrase(text: string): boolean {
  return (text.match(/\p{L}{2,}/gu) ?? []).length >= 2;
}

/** The fixed parts of a text worth looking for: "{{count}} new" has none, "Added {{a}} to your wallet." one. */
function phrasesOf(text: string): string[] {
  return text
    .split(/\{\{[^}]*\}\}/)
    .map((part) => part.trim().replace(/^[\s,.:;·–-]+|[\s,:;·–-]+$/g, ''))
    .filter(isPhrase);
}

/** The English texts of the catalogue that read otherwise in `language`, by key. */
export function englishTextsOf(language: string): Map<string, string> {
  const translated = leaves(translation(language));
  const texts = new Map<string, string>();
  for (const [key, english] of leaves(en)) {
    const other = translated.get(key);
    if (other === undefined || other === english) continue;
    for (const phrase of phrasesOf(english)) texts.set(`${key}: ${phrase}`, phrase);
  }
  return texts;
}

/** Each of `phrases` found in `text` as whole words (not inside a longer word). */
export function englishFound(text: string, phrases: Iterable<[string, string]>): string[] {
  const found: string[] = [];
  for (const [name, phrase] of phrases) {
    let at = text.indexOf(phrase);
    while (at !== -1) {
      const before = text[at - 1] ?? ' ';
      const after = text[at + phrase.length] ?? ' ';
      if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) {
        found.push(name);
        break;
      }
      at = text.indexOf(phrase, at + 1);
    }
  }
  return found;
}
