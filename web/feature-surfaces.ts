import path from 'node:path';

/** A feature's public surface, `src/features/<name>/index.ts`: re-exports only (issue 34). */
const SURFACE = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

/** `import { a, b as c } from '…'` in the bundler's (TypeScript-free) code of a module. */
const NAMED_IMPORT = /\bimport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
/** `export { a, b as c } from '…'` in a surface. */
const NAMED_REEXPORT = /\bexport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
/** Any other import of a module: default, namespace, side effect, `export *`. */
const OTHER_IMPORT = /\b(?:import|export)\s*(?:[\w$]+\s*(?:,|from)|\*|["'])/;

interface ModuleFacts {
  importedIds: readonly string[];
  code: string | null;
}

const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.jsx', '/index.ts', '/index.tsx'];

/** The id among `ids` that `specifier`, written in `importer`, names. */
function resolveAmong(importer: string, specifier: string, ids: readonly string[]) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(importer), specifier);
  return ids.find((id) => EXTENSIONS.some((extension) => id === base + extension));
}

/** `a, b as c` → the names as the exporting module spells them (`a`, `b`). */
function sourceNames(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/)[0] ?? '')
    .filter((name) => name !== '');
}

/** A surface's exported names → the module each comes from; undefined when not only named re-exports. */
function surfaceExports(id: string, facts: ModuleFacts): Map<string, string> | undefined {
  const code = facts.code ?? '';
  const exports = new Map<string, string>();
  for (const [, list = '', specifier = ''] of code.matchAll(NAMED_REEXPORT)) {
    const source = resolveAmong(id, specifier, facts.importedIds);
    if (!source) return undefined;
    for (const part of list.split(',')) {
      const [local = '', exported = local] = part.trim().split(/\s+as\s+/);
      if (local) exports.set(exported, source);
    }
  }
  const rest = code.replace(NAMED_REEXPORT, '');
  return OTHER_IMPORT.test(rest) ? undefined : exports;
}

/**
 * The static import graph with each import of a feature's surface narrowed to the modules that
 * supply the names imported. A surface re-exports what several importers use; without this, a
 * page importing one hook of a feature would seem to reach all of that feature's surface, and the
 * first-visit chunks (first-visit-chunks.ts) would take in what only lazily loaded pages use.
 * Where an import cannot be read as named imports, it keeps the whole surface.
 */
export function narrowSurfaceImports(
  modules: ReadonlyMap<string, ModuleFacts>,
): Map<string, readonly string[]> {
  const surfaces = new Map<string, Map<string, string> | undefined>();
  for (const [id, facts] of modules) {
    if (SURFACE.test(id)) surfaces.set(id, surfaceExports(id, facts));
  }
  const narrowed = new Map<string, readonly string[]>();
  for (const [id, facts] of modules) {
    const viaSurface = new Map<string, string[]>();
    for (const [, list = '', specifier = ''] of (facts.code ?? '').matchAll(NAMED_IMPORT)) {
      const target = resolveAmong(id, specifier, facts.importedIds);
      if (target && surfaces.get(target)) {
        viaSurface.set(target, [...(viaSurface.get(target) ?? []), ...sourceNames(list)]);
      }
    }
    const edges = facts.importedIds.flatMap((target) => {
      const exports = surfaces.get(target);
      const names = viaSurface.get(target);
      if (!exports || !names) return [target];
      const sources = names.map((name) => exports.get(name));
      // A name the surface does not re-export by name: keep the whole surface, to be safe.
      return sources.every((source) => source !== undefined) ? sources : [target];
    });
    narrowed.set(id, [...new Set(edges)]);
  }
  return narrowed;
}
