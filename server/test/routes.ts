import type { FastifyInstance } from 'fastify';

export type ListedRoute = {
  method: string;
  url: string;
  /** The names of the route's onRequest hooks, in order, e.g. `requireUser()`. */
  onRequest: string[];
};

/** The box-drawing prefix of a line of `printRoutes`; one level of the tree is four columns. */
const TREE_PREFIX = /^[│├└─ ]*/;
const ROUTE_LINE = /^(\S+) \(([A-Z, ]+)\)$/;
const HOOK_LINE = /^• \((\w+)\) (\[.*\])$/;

/**
 * Every route of the app as Fastify itself lists it (`printRoutes` with hooks), flattened to
 * full URLs: one entry per method, so a test can walk every route that exists, new ones too.
 */
export function listRoutes(app: FastifyInstance): ListedRoute[] {
  const routes: ListedRoute[] = [];
  const urlAtDepth: string[] = [];
  let latest: ListedRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false, includeHooks: true }).split('\n')) {
    const prefix = TREE_PREFIX.exec(line)?.[0] ?? '';
    const text = line.slice(prefix.length);
    const hook = HOOK_LINE.exec(text);
    if (hook) {
      if (hook[1] === 'onRequest') {
        const names = JSON.parse(hook[2] ?? '[]') as string[];
        for (const route of latest) route.onRequest = names;
      }
      continue;
    }
    const match = ROUTE_LINE.exec(text);
    if (!match) continue;
    const depth = prefix.length / 4;
    const url = (depth > 1 ? (urlAtDepth[depth - 1] ?? '') : '') + (match[1] ?? '');
    urlAtDepth[depth] = url;
    latest = (match[2] ?? '').split(', ').map((method) => ({ method, url, onRequest: [] }));
    routes.push(...latest);
  }
  return routes;
}
