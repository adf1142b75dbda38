/**
 * Zura's benchmarks. `npm run bench` builds the web app and runs them all; to run some:
 *
 *   npx node bench/src/run.ts [get|login|mixed|http|startup|media-get|pages|watermark ...] [options]
 *
 * Figures go to stdout as tables. A missed target is reported, never a failure: the exit code
 * is non-zero only when a benchmark could not run.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { httpBenchmarks } from './http.ts';
import { createContext, type Benchmark } from './lib/benchmark.ts';
import {
  describeCpu,
  describeMachine,
  machineBusy,
  waitUntilQuiet,
  watchCpu,
} from './lib/machine.ts';
import { printResult, printSummary, type BenchmarkResult } from './lib/report.ts';
import { markedMedia } from './marked-media.ts';
import { mediaGet } from './media.ts';
import { pages } from './pages.ts';
import { scaleBenchmarks } from './scale/index.ts';
import { startupBenchmarks } from './startup.ts';
import { watermark, watermarkSettings } from './watermark.ts';

// The scale benchmarks take minutes each (large data, a 2 GiB file, 20,000 sockets): they run
// only when named or as the "scale" group; scale/run.ts has their size options. So does
// "pages" (minutes of load; pages.ts has its options, among them --against a landed checkout)
// and "watermark" (minutes of marking and tracing; its sizes are the --watermark-* options), and
// "marked-media" (a gated image's marked copies over HTTP: 40 sign-ups and their first views).
const quick: Benchmark[] = [...httpBenchmarks, ...startupBenchmarks, mediaGet];
const benchmarks: Benchmark[] = [...quick, pages, watermark, markedMedia, ...scaleBenchmarks];
const groups: Record<string, string[]> = {
  http: httpBenchmarks.map((benchmark) => benchmark.name),
  scale: scaleBenchmarks.map((benchmark) => benchmark.name),
  all: quick.map((benchmark) => benchmark.name),
};

const usage = `Usage: node bench/src/run.ts [name ...] [options]
Names: ${benchmarks.map((benchmark) => benchmark.name).join(', ')}; groups: ${Object.keys(groups).join(', ')}.
Without names the "all" group runs (not pages, watermark, marked-media or the scale group), in that order.
Options:
  --duration <s>           seconds of load per measurement (default 10)
  --wait-quiet <s>         before each benchmark, wait up to <s> seconds for the machine to be
                           at most 15% busy (default 0: only report how busy it was)
  --mixed-connections <n>  autocannon connections for GET /api/ in "mixed" (default 4)
  --login-rate <n>         logins per second in "mixed" (default 50)
  --watermark-images <n>   marked pictures in "watermark", each degraded 7 ways (default
                           ${watermarkSettings.images}; env BENCH_WATERMARK_IMAGES)
  --watermark-unmarked <n> unmarked pictures traced for false matches in "watermark" (default
                           ${watermarkSettings.unmarked}; env BENCH_WATERMARK_UNMARKED)
  --json <file>            also write every figure to <file>
  --list                   list the benchmarks`;

function positiveNumber(value: string | undefined, name: string, max: number): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > max) {
    throw new Error(`--${name} must be a number from 0 to ${max}, got ${value}`);
  }
  return n;
}

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      duration: { type: 'string', default: '10' },
      'wait-quiet': { type: 'string', default: '0' },
      'mixed-connections': { type: 'string', default: '4' },
      'login-rate': { type: 'string', default: '50' },
      'watermark-images': { type: 'string' },
      'watermark-unmarked': { type: 'string' },
      json: { type: 'string' },
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const names = new Set<string>();
  for (const name of positionals.length > 0 ? positionals : ['all']) {
    const members = groups[name] ?? (benchmarks.some((b) => b.name === name) ? [name] : undefined);
    if (!members) throw new Error(`Unknown benchmark "${name}".\n${usage}`);
    for (const member of members) names.add(member);
  }
  if (values['watermark-images']) {
    watermarkSettings.images = Math.max(
      1,
      Math.round(positiveNumber(values['watermark-images'], 'watermark-images', 100_000)),
    );
  }
  if (values['watermark-unmarked']) {
    watermarkSettings.unmarked = Math.max(
      1,
      Math.round(positiveNumber(values['watermark-unmarked'], 'watermark-unmarked', 1_000_000)),
    );
  }
  return {
    help: values.help || values.list,
    json: values.json,
    waitQuiet: positiveNumber(values['wait-quiet'], 'wait-quiet', 3600),
    settings: {
      durationSeconds: Math.max(1, positiveNumber(values.duration, 'duration', 60)),
      mixedConnections: Math.max(
        1,
        Math.round(positiveNumber(values['mixed-connections'], 'mixed-connections', 1000)),
      ),
      loginRate: Math.max(1, positiveNumber(values['login-rate'], 'login-rate', 1000)),
    },
    selected: benchmarks.filter((benchmark) => names.has(benchmark.name)),
  };
}

const percent = (share: number | undefined) =>
  share === undefined ? 'unknown' : `${Math.round(share * 100)}%`;

async function main(): Promise<void> {
  let options: ReturnType<typeof parse>;
  try {
    options = parse();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    console.log(usage);
    for (const b of benchmarks) console.log(`  ${b.name.padEnd(9)} ${b.title}`);
    return;
  }

  const machine = describeMachine();
  console.log(`${machine.join('\n')}\n`);
  const context = createContext(options.settings);
  const onSignal = () => {
    console.error('\nInterrupted: stopping the server.');
    void context.close().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const results: BenchmarkResult[] = [];
  let failed = false;
  try {
    for (const benchmark of options.selected) {
      const busy =
        options.waitQuiet > 0 ? await waitUntilQuiet(options.waitQuiet) : await machineBusy();
      const loadBefore = os.loadavg()[0] ?? 0;
      const started = performance.now();
      const cpu = await watchCpu();
      try {
        const result = await benchmark.run(context);
        const seconds = (performance.now() - started) / 1000;
        const loadAfter = os.loadavg()[0] ?? 0;
        const share = await cpu();
        result.setup.push(
          `took ${seconds.toFixed(1)} s; machine ${percent(busy)} busy just before; 1-min load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`,
          `CPUs over the whole benchmark: ${percent(share?.machine)} busy (${describeCpu(share)})`,
        );
        results.push(result);
        printResult(result);
      } catch (error) {
        failed = true;
        console.error(`${benchmark.name}: could not run: ${String(error)}\n`);
      }
    }
  } finally {
    await context.close();
  }

  printSummary(results);
  if (options.json) {
    const figures = { machine, settings: options.settings, results };
    await fs.writeFile(options.json, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`Figures written to ${options.json}`);
  }
  if (failed) process.exitCode = 1;
}

await main();
