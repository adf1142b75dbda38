/**
 * `npm run check:i18n`: every language has exactly the English keys (plural forms by the
 * language's CLDR categories) with the same {{placeholders}}, and every English key is used by
 * the web app. Exits 1 with one line per problem.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { LANGUAGES } from '../contracts/src/settings.ts';
import { DYNAMIC_KEY_PREFIXES, KNOWN_UNUSED_KEYS } from './i18n-dynamic-keys.ts';
import {
  compareCatalogue,
  comparePartition,
  keyLiterals,
  unexpectedlyUnused,
  unusedKeys,
  type Catalogue,
} from './i18n-rules.ts';

const WEB_SRC = join(import.meta.dirname, '..', 'web', 'src');
const LOCALES = join(WEB_SRC, 'locales');

async function englishModule<T>(file: string): Promise<T> {
  const { module } = await runnerImport<T>(join(LOCALES, file), {
    configFile: false,
    logLevel: 'silent',
  });
  return module;
}

/** A JSON catalogue file's top-level sections; none when the file does not exist. */
async function sectionsOf(file: string): Promise<string[]> {
  try {
    return Object.keys(JSON.parse(await readFile(join(LOCALES, file), 'utf8')) as Catalogue);
  } catch {
    return [];
  }
}

/** `<code>.json` and its `<code>-<area>.json` companions, top-level sections joined. */
async function translation(language: string): Promise<Catalogue | undefined> {
  const files = (await readdir(LOCALES)).filter((file) =>
    new RegExp(`^${language}(-[a-z-]+)?\\.json$`).test(file),
  );
  if (!files.includes(`${language}.json`)) return undefined;
  const parts = await Promise.all(
    files.map(async (file) => JSON.parse(await readFile(join(LOCALES, file), 'utf8')) as Catalogue),
  );
  return Object.assign({}, ...parts) as Catalogue;
}

/** Dotted literals of the app's code (not the catalogues, not the tests). */
async function codeLiterals(): Promise<Set<string>> {
  const files = await readdir(WEB_SRC, { recursive: true });
  const sources = files.filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('locales'),
  );
  const literals = new Set<string>();
  for (const file of sources) {
    for (const key of keyLiterals(await readFile(join(WEB_SRC, file), 'utf8'))) literals.add(key);
  }
  return literals;
}

async function main(): Promise<void> {
  const { en: english } = await englishModule<{ en: Catalogue }>('en.ts');
  const { enLater } = await englishModule<{ enLater: Catalogue }>('en-later.ts');
  const problems: string[] = [];
  for (const language of LANGUAGES.filter((code) => code !== 'en')) {
    const catalogue = await translation(language);
    if (!catalogue) problems.push(`${language}: web/src/locales/${language}.json is missing`);
    else problems.push(...compareCatalogue(language, english, catalogue));
    problems.push(
      ...comparePartition(
        language,
        Object.keys(enLater),
        await sectionsOf(`${language}-later.json`),
        await sectionsOf(`${language}.json`),
      ),
    );
  }
  const unused = unusedKeys(english, await codeLiterals(), DYNAMIC_KEY_PREFIXES);
  problems.push(...unexpectedlyUnused(unused, KNOWN_UNUSED_KEYS));
  for (const problem of problems) console.error(problem);
  console.log(`i18n: ${LANGUAGES.length} languages, ${problems.length} problems`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}

await main();
