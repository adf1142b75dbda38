import type { Plugin } from 'vite';

interface SignedInChunkOptions {
  /** Files (by the end of their path) of the pages a signed-in first visit opens. */
  signedInPages: string[];
  /** Files of the pages open without a session, and the app's entry. */
  publicPages: string[];
}

/**
 * One chunk for the code the signed-in pages share and the signed-out pages do not (issue 20).
 * Left to itself, the bundler splits what the shell, the feed, a profile and a post share into
 * one chunk per set of pages using it: some 50 files under 1 KiB on a first visit of the feed,
 * each compressed on its own. Every signed-in page is inside the shell, so all of them load
 * this chunk anyway; the landing page, sign-in and sign-up never do.
 *
 * Membership comes from the static import graph: what the signed-in pages reach, minus what
 * the entry and the public pages reach (those stay where the bundler puts them), minus the
 * contracts (their zod schemas are for the pages that validate forms) and node_modules that
 * the public pages share. A signed-in page's own module stays its own chunk unless another
 * member imports it.
 */
export function signedInChunk({ signedInPages, publicPages }: SignedInChunkOptions) {
  const imports = new Map<string, readonly string[]>();
  let members: Set<string> | undefined;

  const find = (suffix: string) => {
    const found = [...imports.keys()].filter((id) => id.endsWith(suffix));
    if (found.length !== 1)
      throw new Error(`signed-in chunk: ${found.length} modules end in ${suffix}`);
    return found[0] as string;
  };

  const reach = (roots: string[]) => {
    const seen = new Set<string>();
    const stack = [...roots];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(imports.get(id) ?? []));
    }
    return seen;
  };

  const compute = () => {
    const roots = signedInPages.map(find);
    const shared = reach(publicPages.map(find));
    const importedByOthers = new Set(
      [...reach(roots)].flatMap((id) => (roots.includes(id) ? [] : [...(imports.get(id) ?? [])])),
    );
    return new Set(
      [...reach(roots)].filter(
        (id) =>
          !shared.has(id) &&
          !/[\\/]contracts[\\/]|[\\/]node_modules[\\/]zod[\\/]/.test(id) &&
          (!roots.includes(id) || importedByOthers.has(id)),
      ),
    );
  };

  const plugin: Plugin = {
    name: 'zura:signed-in-chunk',
    apply: 'build',
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info) imports.set(id, info.importedIds);
      }
    },
  };

  const group = {
    name: 'signed-in',
    // Only these modules: a member's other imports stay where the bundler puts them.
    includeDependenciesRecursively: false,
    test: (id: string) => (members ??= compute()).has(id),
  };

  return { plugin, group };
}
