/**
 * A bare Fastify route answering what GET /api/ answers (`{"status":"ok"}`), with no plugins,
 * hooks, schema or database, in a process of its own: the floor a server process's GET /api/
 * is compared with. Started by `startBareRoute` in bare-route.ts:
 *
 *   node bench/src/lib/bare-route-worker.ts
 *
 * Prints one JSON line `{"port": <n>}` once it listens on 127.0.0.1, and closes on SIGTERM.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

type BareReply = { type: (contentType: string) => BareReply };
type BareApp = {
  get: (
    route: string,
    handler: (request: { params: Record<string, string> }, reply: BareReply) => Promise<unknown>,
  ) => void;
  listen: (options: { port: number; host: string }) => Promise<string>;
  close: () => Promise<void>;
  server: { address: () => { port: number } | string | null };
};

// The very Fastify the server runs: resolved from the server workspace of this checkout.
const fromServer = createRequire(
  path.resolve(import.meta.dirname, '..', '..', '..', 'server', 'package.json'),
);
const fastify = fromServer('fastify') as (options?: object) => BareApp;

const app = fastify();
app.get('/api/', async () => ({ status: 'ok' }));

/**
 * `GET /api/bytes/<n>/`: a JSON answer of exactly n bytes, made once: what sending a page's
 * bytes costs Fastify and the socket alone, the floor of a page of that size.
 */
const sized = new Map<number, Buffer>();
app.get('/api/bytes/:n/', async (request, reply) => {
  const n = Number(request.params.n);
  if (!Number.isInteger(n) || n < 4 || n > 10_000_000) throw new Error('n: 4 to 10,000,000');
  let body = sized.get(n);
  if (!body) {
    body = Buffer.from(`["${'x'.repeat(n - 4)}"]`);
    sized.set(n, body);
  }
  reply.type('application/json; charset=utf-8');
  return body;
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));

process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});
