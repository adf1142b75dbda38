import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { onServerCpus, startFlags } from './server.ts';

const ENTRY = path.join(import.meta.dirname, 'bare-route-worker.ts');
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

export type BareRoute = { url: string; pid: number; stop: () => Promise<void> };

/**
 * Starts bare-route-worker.ts (a Fastify app with one route, GET /api/) as a child process of
 * this Node, with the Node flags `npm start` gives the server, and waits until it listens.
 */
export async function startBareRoute(): Promise<BareRoute> {
  const [command, args] = onServerCpus(process.execPath, [...startFlags(), ENTRY]);
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('The bare route could not be spawned');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString('utf8')).slice(-2_000);
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  const lines = createInterface({ input: child.stdout });
  let timer: NodeJS.Timeout | undefined;
  const port = await Promise.race([
    new Promise<number | undefined>((resolve) => {
      lines.once('line', (line) => {
        try {
          const parsed = JSON.parse(line) as { port?: unknown };
          resolve(typeof parsed.port === 'number' && parsed.port > 0 ? parsed.port : undefined);
        } catch {
          resolve(undefined);
        }
      });
    }),
    exited.then(() => undefined),
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), START_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (port === undefined) {
    await stop();
    throw new Error(`The bare route did not start: ${errors}`);
  }
  return { url: `http://127.0.0.1:${port}`, pid, stop };
}
