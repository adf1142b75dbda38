import type { Plugin } from 'vite';
import { narrowSurfaceImports } from './feature-surfaces.ts';

interface FirstVisitChunksOptions {
  /** The app's entry (a file, by the end of its path). */
  entry: string;
  /** The pages open without a session. */
  publicPages: string[];
  /** The shell every signed-in page renders inside. */
  shell: string;
  /** The pages a signed-in first visit opens inside the shell, by the name of their chunk. */
  signedInPages: Record<string, string>;
}

interface ChunkGroup {
  name: string;
  includeDependenciesRecursively: false;
  test: (id: string) => boolean;
}

/** zod and the contracts (their schemas) are for the pages that validate forms. */
const LEFT_TO_THE_BUNDLER = /[\\/]contracts[\\/]|[\\/]node_modules[\\/]zod[\\/]/;

/**
 * The chunks of a first visit (issue 20). Left to itself, the bundler gives every set of pages
 * sharing modules a chunk of its own: some 50 files on a first visit of the feed, most under
 * 1 KiB and each compressed alone, which cost a client without brotli some 15 KiB. So:
 *
 * - `app`: the entry's import graph (React, the router, TanStack Query, the catalogue's loader,
 *   the API client), which every page loads; the entry chunk keeps only `main.tsx`;
 * - `common`: what the signed-out pages share with the signed-in ones (the query hooks' helpers,
 *   alerts, text fields), which sign-in and the feed both load;
 * - `signed-in`: what the shell reaches, and what two or more signed-in pages share. Every
 *   signed-in page is inside the shell, so all of them load it; the signed-out pages never do;
 * - one chunk per signed-in page (`feed`, `profile`, `post`): what only that page reaches, the
 *   page included, so that the feed does not download the profile's header.
 *
 * Membership comes from the static import graph, each import of a feature's `index.ts` narrowed
 * to the modules supplying what it imports (feature-surfaces.ts). A module that something loaded lazily also
 * reaches (a dialog, a player, another page) is not a page's alone and goes to `signed-in`. zod
 * and the contracts stay where the bundler puts them. The chunks import each other in one
 * direction only (a page's → `signed-in` → `common` → `app`), so no cycle can form; the build
 * fails if a listed file is renamed.
 */
export function firstVisitChunks(options: FirstVisitChunksOptions) {
  const staticImports = new Map<string, readonly string[]>();
  const allImports = new Map<string, readonly string[]>();
  let chunkOf: Map<string, string> | undefined;

  const find = (suffix: string) => {
    const found = [...staticImports.keys()].filter((id) => id.endsWith(suffix));
    if (found.length !== 1)
      throw new Error(`first-visit chunks: ${found.length} modules end in ${suffix}`);
    return found[0] as string;
  };

  /** What `roots` reach through `graph`, without entering a fence (other than a root). */
  const reach = (
    roots: string[],
    graph: ReadonlyMap<string, readonly string[]>,
    fences: ReadonlySet<string> = new Set(),
  ) => {
    const seen = new Set<string>();
    const stack = [...roots];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (seen.has(id) || (fences.has(id) && !roots.includes(id))) continue;
      seen.add(id);
      stack.push(...(graph.get(id) ?? []));
    }
    return seen;
  };

  const compute = () => {
    const entry = find(options.entry);
    const publicPages = options.publicPages.map(find);
    const shell = find(options.shell);
    const pages = Object.entries(options.signedInPages).map(
      ([name, file]) => [name, find(file)] as const,
    );
    const entryGraph = reach([entry], staticImports);
    const publicGraph = reach([entry, ...publicPages], staticImports);
    const signedInGraph = reach([shell, ...pages.map(([, id]) => id)], staticImports);

    const chunks = new Map<string, string>();
    const place = (id: string, chunk: string) => {
      if (!LEFT_TO_THE_BUNDLER.test(id)) chunks.set(id, chunk);
    };
    for (const id of entryGraph) if (id !== entry) place(id, 'app');
    for (const id of signedInGraph) {
      if (publicGraph.has(id) && !entryGraph.has(id)) place(id, 'common');
    }

    // Everything loaded later, lazily: from the shell, from each page, and from anywhere else.
    const fences = new Set([shell, ...pages.map(([, id]) => id)]);
    const elsewhere = reach([entry, ...publicPages], allImports, fences);
    const fromShell = reach([shell], allImports, fences);
    const fromPage = new Map(pages.map(([name, id]) => [name, reach([id], allImports, fences)]));
    const onlyFrom = (id: string, page: string) =>
      !elsewhere.has(id) &&
      !fromShell.has(id) &&
      [...fromPage].every(([other, reached]) => other === page || !reached.has(id));

    for (const id of reach([shell], staticImports))
      if (!publicGraph.has(id)) place(id, 'signed-in');
    for (const [name, page] of pages) {
      for (const id of reach([page], staticImports)) {
        if (publicGraph.has(id) || chunks.has(id)) continue;
        place(id, onlyFrom(id, name) ? name : 'signed-in');
      }
    }
    return chunks;
  };

  const plugin: Plugin = {
    name: 'zura:first-visit-chunks',
    apply: 'build',
    buildEnd() {
      const modules = new Map<string, { importedIds: readonly string[]; code: string | null }>();
      const dynamicImports = new Map<string, readonly string[]>();
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info) continue;
        modules.set(id, info);
        dynamicImports.set(id, info.dynamicallyImportedIds);
      }
      for (const [id, imports] of narrowSurfaceImports(modules)) {
        staticImports.set(id, imports);
        allImports.set(id, [...imports, ...(dynamicImports.get(id) ?? [])]);
      }
    },
  };

  const group = (name: string): ChunkGroup => ({
    name,
    // Only these modules: a member's other imports stay where the bundler puts them.
    includeDependenciesRecursively: false,
    test: (id) => (chunkOf ??= compute()).get(id) === name,
  });
  const groups = ['app', 'common', 'signed-in', ...Object.keys(options.signedInPages)].map(group);

  return { plugin, groups };
}
