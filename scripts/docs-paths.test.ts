import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every path the docs name must exist, so a file moved or renamed without its docs fails here
 * instead of misleading the next reader. A doc names paths in backticks (`posts/feed.ts`) and in
 * relative links ([posts](../server/src/modules/posts/README.md)).
 */
const root = path.resolve(import.meta.dirname, '..');

/** Folders that are generated, installed or run-time data, never named as sources. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'artifacts', 'coverage']);

/** The history of benchmark rounds names files as they were when each round ran, on purpose. */
const NOT_CHECKED = new Set(['docs/benchmarks-archive.md']);

/**
 * Where a short path may start, besides the doc's own folder and its parents: docs say
 * `lib/errors.ts` for `server/src/lib/errors.ts` and `posts/feed.ts` for a module's file.
 */
const BASES = [
  '',
  'server',
  'server/src',
  'server/src/modules',
  'server/test',
  'web',
  'web/src',
  'web/src/features',
  'contracts/src',
  'e2e/src',
  'bench/src',
];

/** Files worth naming by their bare name; a bare `secrets.json` is run-time data, not source. */
const SOURCE_FILE = /\.(ts|tsx|md|sql)$/;

/** Build outputs the docs describe but no checkout holds. */
const OUTPUT_PREFIXES = ['web/dist', 'dist/', 'tmp/', 'renditions/', 'e2e/artifacts'];

/** What a path with a folder ends in when it names a file (`video/mp2t` is a content type). */
const FILE_EXTENSION = /\.(ts|tsx|js|mjs|json|md|sql|css|html|svg|png|yaml|yml|webmanifest|sh)$/;

function walk(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(relative, found);
    else found.push(relative);
  }
  return found;
}

const allFiles = walk('');
const baseNames = new Set(allFiles.map((file) => path.basename(file)));

/**
 * The docs this test keeps true. README.md, web/README.md and e2e/README.md are not among them
 * yet: they still name moved web components and run-time folders (`./data/outbox/`).
 */
function checkedDocs(): string[] {
  return allFiles.filter(
    (file) =>
      !NOT_CHECKED.has(file) &&
      (/^docs\/[^/]+\.md$/.test(file) ||
        file === 'CONTRIBUTING.md' ||
        /^(server|web)\/src\/.+\/README\.md$/.test(file)),
  );
}

/** A backticked word that names a file or folder of the repo (not a route, package or pattern). */
function looksLikePath(word: string): boolean {
  if (!/^[\w.@/-]+$/.test(word) || /^[/@]/.test(word) || /\/\/|\.\.\./.test(word)) return false;
  if (OUTPUT_PREFIXES.some((prefix) => word.startsWith(prefix))) return false;
  // `DATA_DIR/media`, `PUBLIC_URL/api/`: under a setting's value, not in the checkout.
  if (/^[A-Z][A-Z_]*\//.test(word)) return false;
  // `deploy/.env`, `media/.tmp/`: local state an operator or the server makes.
  if (/(^|\/)\.[^/]+\/?$/.test(word)) return false;
  if (word.includes('/')) return FILE_EXTENSION.test(word) || word.endsWith('/');
  return SOURCE_FILE.test(word);
}

function exists(word: string, docDir: string): boolean {
  if (!word.includes('/')) return baseNames.has(word);
  const starts = [...BASES];
  for (let dir = docDir; dir !== '.' && dir !== ''; dir = path.dirname(dir)) starts.push(dir);
  return starts.some((start) => existsSync(path.join(root, start, word)));
}

/** The paths `text` (a doc at `doc`) names that exist nowhere in the repository. */
function missingPaths(doc: string, text: string): string[] {
  const docDir = path.dirname(doc);
  const missing: string[] = [];
  for (const [, word = ''] of text.matchAll(/`([^`\n]+)`/g)) {
    if (looksLikePath(word) && !exists(word, docDir)) missing.push(word);
  }
  for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const file = target.split('#')[0] ?? '';
    if (file === '' || /^[a-z]+:/.test(file)) continue;
    if (!existsSync(path.join(root, docDir, file))) missing.push(target);
  }
  return missing;
}

describe('paths named by the docs', () => {
  it('checks the architecture map, the contributing guide and the module READMEs', () => {
    const docs = checkedDocs();
    expect(docs).toContain('docs/ARCHITECTURE.md');
    expect(docs).toContain('CONTRIBUTING.md');
    expect(docs).toContain('server/src/modules/posts/README.md');
  });

  it.each(checkedDocs())('%s names only paths that exist', (doc) => {
    expect(missingPaths(doc, readFileSync(path.join(root, doc), 'utf8'))).toEqual([]);
  });

  it('reports a made-up path, in backticks or in a link, and leaves routes and packages alone', () => {
    const text = [
      'See `server/src/modules/posts/no-such-file.ts`, `lib/errors.ts` and `nothing-here.ts`,',
      'the route `/api/posts/`, the package `@fastify/static`, `DATA_DIR/media` and',
      '[a link](../server/src/no-such-folder/README.md) beside [a real one](../README.md).',
    ].join('\n');
    expect(missingPaths('docs/example.md', text)).toEqual([
      'server/src/modules/posts/no-such-file.ts',
      'nothing-here.ts',
      '../server/src/no-such-folder/README.md',
    ]);
  });
});
