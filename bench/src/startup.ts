import type { Benchmark } from './lib/benchmark.ts';
import { below, type Figure } from './lib/report.ts';
import { makeDataDir, removeDataDir, startServer, type RunningServer } from './lib/server.ts';
import { median } from './lib/stats.ts';

const LATER_RUNS = 5;
const NPM_RUNS = 3;
const FIRST_RUN_TARGET_MS = 10_000;
const LATER_RUN_TARGET_MS = 3_000;

/** The server's own figure: "Zura is ready" logs the ms from main() to listening (info level). */
function readyMs(server: RunningServer): number {
  for (const line of server.output()) {
    try {
      const entry = JSON.parse(line) as { msg?: unknown; ms?: unknown };
      if (typeof entry.ms === 'number' && String(entry.msg).startsWith('Zura is ready')) {
        return entry.ms;
      }
    } catch {
      // Not a JSON log line.
    }
  }
  return Number.NaN;
}

type Run = {
  label: string;
  startupMs: number;
  readyMs: number;
  stopMs: number;
  graceful: boolean;
};

async function measure(label: string, dataDir: string, via: 'node' | 'npm' = 'node'): Promise<Run> {
  const server = await startServer({ dataDir, logLevel: 'info', via });
  const { stopMs, code, signal } = await server.stop();
  if (via === 'node' && code !== 0) {
    console.error(`  (${label}: the server exited with code ${code}, signal ${signal})`);
  }
  // With LOG_LEVEL=info a graceful stop logs "shutting down" before closing the database.
  const graceful = server.output().some((line) => line.includes('"msg":"shutting down"'));
  return { label, startupMs: server.startupMs, readyMs: readyMs(server), stopMs, graceful };
}

function runFigure(run: Run, target?: number): Figure {
  return {
    metric: run.label,
    value: run.startupMs,
    unit: 'ms',
    digits: 0,
    ...(target === undefined ? {} : { target: below(run.startupMs, target, 'ms') }),
    note: `in-process ${Number.isFinite(run.readyMs) ? Math.round(run.readyMs) : '?'} ms; stop ${Math.round(run.stopMs)} ms${run.graceful ? '' : ' (not graceful)'}`,
  };
}

const startup: Benchmark = {
  name: 'startup',
  title: 'Start-up: spawn to the first healthy GET /api/ (server part of `npm start`)',
  async run() {
    const dataDir = await makeDataDir();
    try {
      const first = await measure('first run (cluster + database created)', dataDir);
      const later: Run[] = [];
      for (let i = 1; i <= LATER_RUNS; i += 1) {
        later.push(await measure(`later run ${i}`, dataDir));
      }
      const viaNpm: Run[] = [];
      for (let i = 1; i <= NPM_RUNS; i += 1) {
        viaNpm.push(
          await measure(`later run ${i} via \`npm run start -w server\``, dataDir, 'npm'),
        );
      }
      const laterMedian = median(later.map((run) => run.startupMs));
      const laterMax = Math.max(...later.map((run) => run.startupMs));
      return {
        name: this.name,
        title: this.title,
        setup: [
          'spawn `node server/src/main.ts` (fresh DATA_DIR, embedded PostgreSQL), poll GET /api/ every 25 ms until 200;',
          `SIGTERM and wait for exit; then ${LATER_RUNS} more starts on the same DATA_DIR, then ${NPM_RUNS} through npm.`,
          '"in-process" is the server\'s own ready log (main() to listening); the rest is Node boot, module loading and polling.',
          'Not included: the web build that `npm start` runs first (`npm run build`).',
        ],
        figures: [
          runFigure(first, FIRST_RUN_TARGET_MS),
          ...later.map((run) => runFigure(run, LATER_RUN_TARGET_MS)),
          {
            metric: 'later runs: median / max',
            value: `${Math.round(laterMedian)} / ${Math.round(laterMax)}`,
            unit: 'ms',
          },
          ...viaNpm.map((run) => runFigure(run)),
        ],
      };
    } finally {
      await removeDataDir(dataDir);
    }
  },
};

export const startupBenchmarks: Benchmark[] = [startup];
