import fs from 'node:fs/promises';
import os from 'node:os';

/** Busy and total CPU time of the whole machine from /proc/stat (Linux), in clock ticks. */
async function cpuTimes(): Promise<{ busy: number; total: number } | undefined> {
  const stat = await fs.readFile('/proc/stat', 'utf8').catch(() => undefined);
  const fields = stat?.split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number);
  if (!fields || fields.length < 5 || fields.some((n) => !Number.isFinite(n))) return undefined;
  const total = fields.reduce((sum, n) => sum + n, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** CPU ticks used by this process and all its descendants (the server, its PostgreSQL). */
async function ownTreeTicks(): Promise<number> {
  const entries = await fs.readdir('/proc').catch(() => [] as string[]);
  const stats = new Map<number, { ppid: number; ticks: number }>();
  await Promise.all(
    entries
      .filter((entry) => /^\d+$/.test(entry))
      .map(async (entry) => {
        const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => undefined);
        if (!stat) return;
        // Fields after the parenthesised command name: state ppid ... utime(14) stime(15)
        // cutime(16) cstime(17), counted from 1 with pid as field 1.
        const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const field = (n: number) => Number(rest[n - 3]);
        stats.set(Number(entry), {
          ppid: field(4),
          ticks: field(14) + field(15) + field(16) + field(17),
        });
      }),
  );
  const ours = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, { ppid }] of stats) {
      if (!ours.has(pid) && ours.has(ppid)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of ours) ticks += stats.get(pid)?.ticks ?? 0;
  return ticks;
}

export type CpuShare = {
  /** Share of all CPUs busy over the window (0..1). */
  machine: number;
  /** The part used by this process and its descendants. */
  ours: number;
  /** The rest: other work on the machine. */
  others: number;
};

/**
 * Starts watching CPU use; the answered function ends the window. On a shared machine this
 * tells how much of it the benchmark really had. Undefined where /proc is not available.
 */
export async function watchCpu(): Promise<() => Promise<CpuShare | undefined>> {
  const [machineBefore, oursBefore] = await Promise.all([cpuTimes(), ownTreeTicks()]);
  return async () => {
    const [machineAfter, oursAfter] = await Promise.all([cpuTimes(), ownTreeTicks()]);
    if (!machineBefore || !machineAfter) return undefined;
    const total = machineAfter.total - machineBefore.total;
    if (total <= 0) return undefined;
    const machine = (machineAfter.busy - machineBefore.busy) / total;
    const ours = Math.min(machine, (oursAfter - oursBefore) / total);
    return { machine, ours, others: Math.max(0, machine - ours) };
  };
}

export function describeCpu(share: CpuShare | undefined): string {
  if (!share) return 'CPU use unknown';
  const pct = (n: number) => `${Math.round(n * 100)}%`;
  return `${pct(share.ours)} benchmark + server, ${pct(share.others)} other processes`;
}

/**
 * The share of all CPUs (0..1) busy over the next `ms` milliseconds, whoever uses them: on a
 * shared machine other work skews every figure, so each benchmark reports what it started on.
 */
export async function machineBusy(ms = 1000): Promise<number | undefined> {
  const before = await cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = await cpuTimes();
  if (!before || !after || after.total === before.total) return undefined;
  return (after.busy - before.busy) / (after.total - before.total);
}

/**
 * Waits (up to `maxSeconds`) until the machine is at most `threshold` busy, sampled each
 * second. Answers the last sample.
 */
export async function waitUntilQuiet(
  maxSeconds: number,
  threshold = 0.15,
): Promise<number | undefined> {
  const deadline = performance.now() + maxSeconds * 1000;
  let busy = await machineBusy();
  while (busy !== undefined && busy > threshold && performance.now() < deadline) {
    busy = await machineBusy();
  }
  return busy;
}

export function describeMachine(): string[] {
  const cpus = os.cpus();
  return [
    `Machine: ${cpus.length} logical CPUs (${cpus[0]?.model.trim() ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()} ${os.arch()}`,
    `Node ${process.version} (server and load generator on the same machine, traffic on 127.0.0.1 only)`,
    `UV_THREADPOOL_SIZE: ${process.env.UV_THREADPOOL_SIZE ?? 'default (4)'}; date ${new Date().toISOString()}`,
  ];
}
