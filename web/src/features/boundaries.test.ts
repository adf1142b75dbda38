import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The web's features use each other only through their `index.ts` (issue 34), as the server's
 * modules do: a feature's components, hooks and `api.ts` stay its own to change, and no two
 * features depend on each other both ways. This reads every import in web/src (static, dynamic,
 * re-exports, type-only) and fails on an import of another feature's internals, on a feature
 * imported by the layers beneath the features, and on any cycle between the areas.
 */
const WEB_SRC = resolve(import.meta.dirname, '..');

/** The layers every feature may use, which use no feature themselves. */
const BENEATH_FEATURES = ['lib', 'ui', 'payments', 'locales'];

interface Import {
  file: string;
  target: string;
}

/** `features/<name>` for a feature's file, else the top folder under web/src (`lib`, `app`...). */
function areaOf(file: string): string {
  const [top, name, ...rest] = relative(WEB_SRC, file).split(sep);
  if (top === 'features' && name !== undefined && rest.length > 0) return `features/${name}`;
  return top ?? '';
}

function sourceFiles(): string[] {
  return readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path))
    .map((path) => join(WEB_SRC, path));
}

/** A folder imported as a module (`'../tips'`) is its `index.ts`. */
function moduleAt(path: string): string {
  return existsSync(path) && statSync(path).isDirectory() ? join(path, 'index.ts') : path;
}

/** Every relative import of every file, resolved to a path under web/src. */
function imports(): Import[] {
  return sourceFiles().flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => ({ file, target: moduleAt(resolve(dirname(file), fileName)) })),
  );
}

/** An import from outside a feature of one of its files other than its `index.ts`. */
function isDeepImport({ file, target }: Import): boolean {
  const to = areaOf(target);
  if (!to.startsWith('features/') || to === areaOf(file)) return false;
  return relative(join(WEB_SRC, to), target).replace(/\.tsx?$/, '') !== 'index';
}

/** The areas' dependency graph: area → the other areas it imports. */
function areaGraph(all: Import[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { file, target } of all) {
    const [from, to] = [areaOf(file), areaOf(target)];
    if (!graph.has(from)) graph.set(from, new Set());
    if (from !== to) graph.get(from)?.add(to);
  }
  return graph;
}

/** The graph's strongly connected components of more than one area (Tarjan's algorithm). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const describeImport = ({ file, target }: Import) =>
  `${relative(WEB_SRC, file)} → ${relative(WEB_SRC, target)}`;

describe('the web features’ boundaries', () => {
  const all = imports();

  it('finds the imports it checks', () => {
    // A parser that found nothing would pass every check below.
    expect(
      all.filter((i) => areaOf(i.file) === 'app' && areaOf(i.target).startsWith('features/')),
    ).not.toHaveLength(0);
  });

  it("imports no feature's internals from outside it, only its index.ts", () => {
    expect(all.filter(isDeepImport).map(describeImport)).toEqual([]);
  });

  it('keeps lib, ui, payments and the locales free of features', () => {
    const upward = all.filter(
      (i) => BENEATH_FEATURES.includes(areaOf(i.file)) && areaOf(i.target).startsWith('features/'),
    );
    expect(upward.map(describeImport)).toEqual([]);
  });

  it('has no cycle between the areas', () => {
    expect(cycles(areaGraph(all))).toEqual([]);
  });

  it('counts a cycle and a deep import where there is one', () => {
    const a = join(WEB_SRC, 'features', 'a', 'A.tsx');
    const b = join(WEB_SRC, 'features', 'b', 'B.tsx');
    const bIndex = join(WEB_SRC, 'features', 'b', 'index.ts');
    const aIndex = join(WEB_SRC, 'features', 'a', 'index.ts');
    const both = [
      { file: a, target: bIndex },
      { file: b, target: aIndex },
    ];
    expect(cycles(areaGraph(both))).toEqual([['features/a', 'features/b']]);
    expect(both.filter(isDeepImport)).toEqual([]);
    expect(isDeepImport({ file: a, target: b })).toBe(true);
    // `'../posts'` names the folder, which is its index.ts.
    const folder = moduleAt(join(WEB_SRC, 'features', 'posts'));
    expect(isDeepImport({ file: a, target: folder })).toBe(false);
    expect(areaOf(folder)).toBe('features/posts');
  });
});
