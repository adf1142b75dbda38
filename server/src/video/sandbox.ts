import { accessSync, constants, readFileSync } from 'node:fs';
import { chown, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * What one ffmpeg or ffprobe run may use. Every run decodes an upload, that is untrusted bytes
 * going through a large C code base, so each gets the least it needs: resource limits set by
 * `prlimit` (or the shell's `ulimit` where there is no prlimit), an environment without the
 * server's secrets, and, when the server runs as root, the `nobody` account.
 */
export type RunLimits = {
  /** Address space (RLIMIT_AS), bytes. */
  memoryBytes: number;
  /** CPU time over all its threads (RLIMIT_CPU), seconds; past it the kernel ends the run. */
  cpuSeconds: number;
  /** Largest file it may write (RLIMIT_FSIZE), bytes. */
  fileBytes: number;
};

/** The account a run drops to, when there is one to drop to. */
export type RunAccount = { uid: number; gid: number };

/** Where and as whom a run goes: its limits and, as root, the account it runs as. */
export type Sandbox = { limits: RunLimits; account: RunAccount | undefined };

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here; the next folder.
    }
  }
  return undefined;
}

let prlimit: string | undefined | null = null;

/**
 * The command line that runs `binary args` under `sandbox`'s limits. glibc's per-thread malloc
 * arenas would reserve address space by the gigabyte on a many-core machine: two are plenty.
 */
export function limitedCommand(
  binary: string,
  args: string[],
  limits: RunLimits,
): { file: string; args: string[]; env: NodeJS.ProcessEnv } {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LC_ALL: 'C',
    MALLOC_ARENA_MAX: '2',
  };
  if (prlimit === null) prlimit = onPath('prlimit');
  const memory = Math.floor(limits.memoryBytes);
  const cpu = Math.max(1, Math.ceil(limits.cpuSeconds));
  const fsize = Math.floor(limits.fileBytes);
  if (prlimit) {
    return {
      file: prlimit,
      args: [`--as=${memory}`, `--cpu=${cpu}`, `--fsize=${fsize}`, '--', binary, ...args],
      env,
    };
  }
  // POSIX shells count -f in 512-byte blocks (bash outside POSIX mode in 1024: twice as lax);
  // some kernels refuse -v, which then stays unset rather than failing the run.
  const script = `ulimit -t ${cpu} && ulimit -f ${Math.ceil(fsize / 512)} && { ulimit -v ${Math.ceil(memory / 1024)} 2>/dev/null || true; } && exec "$@"`;
  return { file: '/bin/sh', args: ['-c', script, 'sh', binary, ...args], env };
}

let nobody: RunAccount | undefined | null = null;

/** The `nobody` account when this process is root on Linux, else undefined (nothing to drop). */
function unprivileged(): RunAccount | undefined {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return undefined;
  if (nobody === null) {
    nobody = undefined;
    try {
      const line = readFileSync('/etc/passwd', 'utf8')
        .split('\n')
        .find((entry) => entry.startsWith('nobody:'));
      const [, , uid, gid] = line?.split(':') ?? [];
      const account = { uid: Number(uid), gid: Number(gid) };
      if (Number.isInteger(account.uid) && account.uid > 0 && Number.isInteger(account.gid)) {
        nobody = account;
      }
    } catch {
      // No passwd file: the run stays as this process's user, under its limits.
    }
  }
  return nobody;
}

/** Whether any account may read `file`: it is world-readable in world-traversable folders. */
async function readableByOthers(file: string): Promise<boolean> {
  try {
    if (((await stat(file)).mode & 0o004) === 0) return false;
    for (let dir = path.dirname(path.resolve(file)); ; dir = path.dirname(dir)) {
      if (((await stat(dir)).mode & 0o001) === 0) return false;
      if (dir === path.dirname(dir)) return true;
    }
  } catch {
    return false;
  }
}

/**
 * The account to decode `source` as: as root, `nobody` when it can read the source (a local
 * store's files are world-readable; an S3 download's private temporary copy is not, and is
 * decoded as this process's user, under the same limits).
 */
export async function accountFor(source: string): Promise<RunAccount | undefined> {
  const account = unprivileged();
  return account && (await readableByOthers(source)) ? account : undefined;
}

/**
 * Gives `target` to `account`, a folder with what is in it, so a dropped run can write its
 * outputs there (or read a file written for it).
 */
export async function handOver(target: string, account: RunAccount | undefined): Promise<void> {
  if (!account) return;
  await chown(target, account.uid, account.gid);
  if (!(await stat(target)).isDirectory()) return;
  for (const entry of await readdir(target, { recursive: true })) {
    await chown(path.join(target, entry), account.uid, account.gid);
  }
}
