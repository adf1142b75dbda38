import type { Page } from 'playwright-core';

// The web's catalogue, imported by URL: its modules follow the web's import style, not ours.
const CATALOGUE = new URL('../../../web/src/locales/en.ts', import.meta.url).href;
const { en } = (await import(CATALOGUE)) as { en: object };

/** Every key of the English catalogue, dotted, plural forms by their base too. */
function catalogueKeys(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([name, value]) => {
    const key = `${prefix}${name}`;
    if (typeof value === 'object' && value !== null) return catalogueKeys(value, `${key}.`);
    return [key, key.replace(/_(zero|one|two|few|many|other)$/, '')];
  });
}

const KEYS = new Set(catalogueKeys(en));
/** A dotted word such as `wallet.title`: a key candidate, checked against KEYS. */
const DOTTED = /[A-Za-z]\w*(?:\.\w+)+/g;

/**
 * Catalogue keys shown instead of their text (a page rendered before its part of the catalogue
 * loaded, or a key missing from a language), one described line per page; none when all is
 * translated.
 */
export async function rawKeys(page: Page, where: string): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const keys = [...new Set(text.match(DOTTED) ?? [])].filter((word) => KEYS.has(word));
  return keys.length === 0 ? [] : [`${where}: untranslated ${keys.join(', ')}`];
}
