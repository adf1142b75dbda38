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

type BareApp = {
  get: (route: string, handler: () => Promise<unknown>) => void;
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
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));

process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});
