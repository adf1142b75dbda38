import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Money and dates have one formatter each (format.ts, over @zura/contracts' formatMoney): a
 * component that writes "$" before an amount, or asks the browser's toLocaleString for a date,
 * shows "$3" beside "$3.00" and "12/1/2026, 11:36:08 PM" beside "Dec 1, 2026, 11:33 PM" (issue
 * 32). This fails on the first such line anywhere in web/src outside the formatter.
 */
const WEB_SRC = join(import.meta.dirname, '..');
const FORMATTER = join('lib', 'format.ts');

function sources(extensions: RegExp): { path: string; text: string }[] {
  return readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })
    .filter((path) => extensions.test(path) && !/\.test\.tsx?$/.test(path) && path !== FORMATTER)
    .map((path) => ({ path, text: readFileSync(join(WEB_SRC, path), 'utf8') }));
}

/** A comment may quote what a price looks like ("$4.99/month"). */
const COMMENT = /^\s*(\/\/|\/\*|\*)/;

/** `path:line: text` of each line of code matching one of the patterns. */
function offending(files: { path: string; text: string }[], patterns: RegExp[]): string[] {
  return files.flatMap(({ path, text }) =>
    text
      .split('\n')
      .flatMap((line, index) =>
        !COMMENT.test(line) && patterns.some((pattern) => pattern.test(line))
          ? [`${relative(WEB_SRC, join(WEB_SRC, path))}:${index + 1}: ${line.trim()}`]
          : [],
      ),
  );
}

/** A dollar sign written before an amount: `$${cents / 100}`, '$' + price, "$3.00". */
const HAND_MADE_PRICE = [
  /`\$\$\{/,
  /['"`]\$['"`]\s*\+/,
  /\+\s*['"`]\$['"`]/,
  /\$\d+(\.\d\d)?\b(?!M)/,
];
/** A date or number the browser formats its own way, outside Intl in the reader's language. */
const BARE_LOCALE_CALL = [/\.toLocale(Date|Time)?String\(/];

describe('money and dates go through the formatters', () => {
  it('no code in web/src writes a price by hand', () => {
    expect(offending(sources(/\.tsx?$/), HAND_MADE_PRICE)).toEqual([]);
  });

  it('no code in web/src formats a date or number with toLocaleString', () => {
    expect(offending(sources(/\.tsx?$/), BARE_LOCALE_CALL)).toEqual([]);
  });

  it('no text of the catalogues writes a dollar sign before a price', () => {
    const catalogues = sources(/^locales\/.*\.(json|ts)$/);
    expect(offending(catalogues, [/\$\{\{/, /\$\d+\.\d\d/])).toEqual([]);
  });

  it('finds what it looks for', () => {
    const file = (text: string) => [{ path: 'x.tsx', text }];
    expect(offending(file('const a = `$${price}`;'), HAND_MADE_PRICE)).toHaveLength(1);
    expect(offending(file("const a = '$' + price;"), HAND_MADE_PRICE)).toHaveLength(1);
    expect(offending(file("label: 'Unlock for $3'"), HAND_MADE_PRICE)).toHaveLength(1);
    expect(offending(file('new Date(at).toLocaleString(lang)'), BARE_LOCALE_CALL)).toHaveLength(1);
    expect(offending(file('date.toLocaleDateString()'), BARE_LOCALE_CALL)).toHaveLength(1);
    expect(offending(file('formatMoney(cents)'), HAND_MADE_PRICE)).toEqual([]);
    expect(offending(file('name.toLocaleLowerCase()'), BARE_LOCALE_CALL)).toEqual([]);
  });
});
