import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ENTRY = path.join(import.meta.dirname, 's3rver-main.ts');
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;
const BUCKET = 'zura-bench';
/** s3rver's built-in account: it checks this access key id, not signatures. */
const CREDENTIALS = { id: 'S3RVER', secret: 'S3RVER' };

export type S3Process = {
  endpoint: string;
  pid: number;
  /** The S3_* variables that point a server at this bucket (redirects unless `S3_PROXY`). */
  env: Record<string, string>;
  /** Bytes stored under the bucket's directory (objects and s3rver's metadata files). */
  storedBytes: () => Promise<number>;
  /** SIGTERM, waits for the process, deletes its directory. */
  stop: () => Promise<void>;
};

async function directoryBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const stat = await fs.stat(path.join(entry.parentPath, entry.name)).catch(() => undefined);
    total += stat?.size ?? 0;
  }
  return total;
}

/**
 * Starts s3rver as a child process (this Node, a fresh temporary directory, one empty bucket,
 * 127.0.0.1 and a port of its choosing) and waits until it listens.
 */
export async function startS3Process(): Promise<S3Process> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-bench-s3-'));
  const child = spawn(process.execPath, [ENTRY, directory, BUCKET], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('s3rver could not be spawned');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString('utf8')).slice(-2_000);
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const stopped = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), STOP_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(timer);
    if (!stopped) {
      child.kill('SIGKILL');
      await exited;
    }
    await fs.rm(directory, { recursive: true, force: true });
  };

  // The first line on stdout is the port; anything else means it did not start.
  const lines = createInterface({ input: child.stdout });
  let timer: NodeJS.Timeout | undefined;
  const port = await Promise.race([
    new Promise<number | undefined>((resolve) => {
      lines.once('line', (line) => {
        const parsed = JSON.parse(line) as { port?: unknown };
        resolve(typeof parsed.port === 'number' ? parsed.port : undefined);
      });
    }),
    exited.then(() => undefined),
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), START_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  if (port === undefined) {
    await stop();
    throw new Error(`s3rver did not start. Its output:\n${errors}`);
  }
  // Later stdout is not needed, but must keep flowing so the child never blocks on a full pipe.
  child.stdout.resume();

  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    pid,
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: CREDENTIALS.id,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secret,
    },
    storedBytes: () => directoryBytes(path.join(directory, BUCKET)),
    stop,
  };
}
