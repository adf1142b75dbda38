/**
 * The rules `npm run check:i18n` applies to the catalogues (pure, unit-tested on small bad
 * catalogues in i18n-rules.test.ts). Keys are dotted paths; plural keys end in a CLDR category
 * (`_one`, `_other`, ...) and count as one key, their base, for "missing", "extra" and "unused".
 */

export type Catalogue = { [key: string]: string | Catalogue };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)[^}]*\}\}/g;

/** Every leaf as 'a.b.c' → text. */
export function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [name, value] of Object.entries(catalogue)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') leaves.set(key, value);
    else for (const [leaf, text] of flatten(value, key)) leaves.set(leaf, text);
  }
  return leaves;
}

/** 'a.count_one' → { base: 'a.count', category: 'one' }; plain keys have no category. */
export function splitPlural(key: string): { base: string; category?: string } {
  const match = PLURAL_SUFFIX.exec(key);
  return match ? { base: key.slice(0, match.index), category: match[1] } : { base: key };
}

/** The plural categories a language needs (CLDR, through Intl.PluralRules). */
export function pluralCategories(language: string): string[] {
  return [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
}

/** Base key → its texts by category ('' for a plain key). */
function group(leaves: Map<string, string>): Map<string, Map<string, string>> {
  const groups = new Map<string, Map<string, string>>();
  for (const [key, text] of leaves) {
    const { base, category = '' } = splitPlural(key);
    const forms = groups.get(base) ?? new Map<string, string>();
    forms.set(category, text);
    groups.set(base, forms);
  }
  return groups;
}

export function placeholders(text: string): Set<string> {
  return new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''));
}

function listNames(names: Set<string>): string {
  return names.size === 0 ? 'no placeholder' : [...names].map((name) => `{{${name}}}`).join(', ');
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((item) => b.has(item));
}

/**
 * The names a plural family's texts must use: the English forms' names; `count` may be left out
 * or added (English "Used once" names no number, another language may).
 */
function expectedNames(forms: Map<string, string>, plural: boolean): Set<string> {
  const names = new Set<string>();
  for (const text of forms.values()) for (const name of placeholders(text)) names.add(name);
  if (plural) names.delete('count');
  return names;
}

function checkForms(
  language: string,
  base: string,
  english: Map<string, string>,
  translated: Map<string, string>,
): string[] {
  const problems: string[] = [];
  const plural = !english.has('');
  if (plural) {
    const wanted = pluralCategories(language);
    const have = [...translated.keys()].sort();
    if (wanted.join() !== have.join()) {
      problems.push(
        `${language}: ${base} has plural forms [${have.join(', ')}], needs [${wanted.join(', ')}]`,
      );
    }
  } else if (!translated.has('')) {
    problems.push(`${language}: ${base} is plural here but not in English`);
  }
  const names = expectedNames(english, plural);
  for (const [category, text] of translated) {
    const own = placeholders(text);
    if (plural) own.delete('count');
    if (!sameSet(own, names)) {
      const key = category ? `${base}_${category}` : base;
      problems.push(
        `${language}: ${key} uses ${listNames(own)} but English uses ${listNames(names)}`,
      );
    }
  }
  return problems;
}

/** Missing, extra, wrongly pluralised keys and mismatched placeholders of one language. */
export function compareCatalogue(
  language: string,
  english: Catalogue,
  translation: Catalogue,
): string[] {
  const englishGroups = group(flatten(english));
  const translatedGroups = group(flatten(translation));
  const problems: string[] = [];
  for (const [base, forms] of englishGroups) {
    const translated = translatedGroups.get(base);
    if (!translated) problems.push(`${language}: missing ${base}`);
    else problems.push(...checkForms(language, base, forms, translated));
  }
  for (const base of translatedGroups.keys()) {
    if (!englishGroups.has(base)) problems.push(`${language}: extra key ${base}`);
  }
  return problems;
}

/**
 * English keys the code never names: a key is used when its full path (a plural key: its
 * base) is a string literal in the code, or it sits under a prefix the code builds at run time.
 */
export function unusedKeys(
  english: Catalogue,
  usedLiterals: ReadonlySet<string>,
  dynamicPrefixes: readonly string[],
): string[] {
  const bases = new Set([...flatten(english).keys()].map((key) => splitPlural(key).base));
  return [...bases].filter(
    (base) => !usedLiterals.has(base) && !dynamicPrefixes.some((prefix) => base.startsWith(prefix)),
  );
}

/** Unused keys not in the known list, and listed keys that are in use again. */
export function unexpectedlyUnused(unused: readonly string[], known: readonly string[]): string[] {
  const stillUnused = new Set(unused);
  return [
    ...unused
      .filter((key) => !known.includes(key))
      .map((key) => `en: ${key} is not used by the code`),
    ...known
      .filter((key) => !stillUnused.has(key))
      .map((key) => `en: ${key} is used (or gone): take it off KNOWN_UNUSED_KEYS`),
  ];
}

const LITERAL = /(['"`])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g;

/** Dotted string literals in source text: the candidate keys it names. */
export function keyLiterals(source: string): string[] {
  return [...source.matchAll(LITERAL)].map((match) => match[2] ?? '');
}

/**
 * A translation's later part (`<code>-later.json`) must hold exactly the sections of the English
 * one (`en-later.ts`), and its first part none of them: a section in the wrong file would load
 * with the wrong pages (a first-visit page would show English, or fetch texts it never uses).
 */
export function comparePartition(
  language: string,
  englishLater: readonly string[],
  later: readonly string[],
  first: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const section of englishLater) {
    if (!later.includes(section))
      problems.push(`${language}: "${section}" belongs in ${language}-later.json`);
  }
  for (const section of later) {
    if (!englishLater.includes(section)) {
      problems.push(
        `${language}: "${section}" is not a later section; move it out of ${language}-later.json`,
      );
    }
  }
  for (const section of first) {
    if (englishLater.includes(section)) {
      problems.push(
        `${language}: "${section}" is a later section; move it to ${language}-later.json`,
      );
    }
  }
  return problems;
}
