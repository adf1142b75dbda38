/**
 * The hot signed-in pages beside GET /api/ (one `select 1`) and a bare Fastify route, in one
 * run, as ratios; optionally against a second checkout (the landed commit) in the same run, the
 * two servers measured in turn page by page, so a change is compared with what is landed on one
 * machine state:
 *
 *   npx node bench/src/pages.ts [--rounds 2] [--duration 8] [--connections 64] [--against <dir>]
 *
 * Also `npx node bench/src/run.ts pages` (this checkout alone). Targets are reported as pass or
 * miss, never as a failure exit.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBareRoute, type BareRoute } from './lib/bare-route.ts';
import type { Benchmark } from './lib/benchmark.ts';
import { describeMachine, machineBusy } from './lib/machine.ts';
import { REPO_ROOT, removeDataDir, startServer } from './lib/server.ts';
import { median } from './lib/stats.ts';
import { measureRounds, WARM_UP_SECONDS, type Checkout, type Rounds } from './pages/measure.ts';
import {
  checkoutTable,
  figuresOf,
  sideBySide,
  summarizeRounds,
  type CheckoutFigures,
} from './pages/tables.ts';
import { AUTHORS, makeWorld, MESSAGES, POSTS_PER_AUTHOR } from './pages/world.ts';

type PagesOptions = {
  connections: number;
  durationSeconds: number;
  rounds: number;
  /** A second checkout of the repository to measure beside this one. */
  against?: string;
  log: (line: string) => void;
};

type PagesResult = {
  setup: string[];
  figures: CheckoutFigures[];
  /** The tables, as printed by the command. */
  text: string;
};

const stops: (() => Promise<void>)[] = [];

async function stopAll(): Promise<void> {
  while (stops.length > 0)
    await stops
      .pop()?.()
      .catch(() => undefined);
}

async function startCheckout(name: string, root: string, log: (line: string) => void) {
  log(`${name}: starting the server from ${root}`);
  const server = await startServer({ root });
  stops.push(async () => {
    await server.stop();
    await removeDataDir(server.dataDir);
  });
  const world = await makeWorld(server);
  const { db } = world;
  if (db) stops.push(() => db.end());
  for (const note of world.notes) log(`${name}: ${note}`);
  return { name, root, server, world } satisfies Checkout;
}

/**
 * The bare route answering as many bytes as the home feed, beside the feed of each checkout:
 * how much of the feed's distance from GET /api/ is the transfer of its bytes alone (not a
 * target; it tells a reader where the rest of the time goes).
 */
function feedSizedFloor(rounds: Rounds, figures: CheckoutFigures[]): string | undefined {
  if (!rounds.bareFeedSized) return undefined;
  const { bytes, samples } = rounds.bareFeedSized;
  const sizedRps = median(samples.map((sample) => sample.okPerSecond));
  const bareRps = median(rounds.bare.map((sample) => sample.okPerSecond));
  const lines = [
    `the bare route answering the home feed's ${bytes} bytes: ${Math.round(sizedRps)} req/s, ${(sizedRps / bareRps).toFixed(2)} of its {"status":"ok"}`,
  ];
  for (const checkout of figures) {
    const feed = checkout.rows.find((row) => row.key === 'feed')?.okPerSecond;
    if (feed !== undefined) {
      lines.push(`${checkout.name}: the home feed at ${(feed / sizedRps).toFixed(2)} of it`);
    }
  }
  return lines.join('\n');
}

async function runPages(options: PagesOptions): Promise<PagesResult> {
  const busy = await machineBusy();
  const loadBefore = os.loadavg()[0] ?? 0;
  try {
    const bare: BareRoute = await startBareRoute();
    stops.push(bare.stop);
    const checkouts = [await startCheckout('change', REPO_ROOT, options.log)];
    if (options.against) {
      checkouts.push(await startCheckout('landed', path.resolve(options.against), options.log));
    }
    const rounds = await measureRounds(checkouts, bare, options);
    const figures = summarizeRounds(
      rounds,
      checkouts.map((checkout) => ({
        name: checkout.name,
        why: (key) => {
          const page = checkout.world.pages[key];
          return page.ok ? undefined : page.why;
        },
      })),
    );
    const bareMedian = median(rounds.bare.map((sample) => sample.okPerSecond));
    const setup = [
      `autocannon, ${options.connections} connections, ${options.durationSeconds} s per measurement after a ${WARM_UP_SECONDS} s warm-up; median of ${options.rounds} round(s), pages and checkouts interleaved in each`,
      `world per server: ${AUTHORS} authors x ${POSTS_PER_AUTHOR} text posts, a signed-in fan following nobody (the feed falls back to everyone's posts), ${MESSAGES} messages with one author, ${AUTHORS} notifications`,
      `bare route: Fastify with one GET /api/ answering {"status":"ok"} (and GET /api/bytes/<n>/, n bytes of JSON made once), in its own process`,
      ...checkouts.map((c) => `${c.name}: ${c.root}`),
      `machine ${busy === undefined ? 'unknown' : `${Math.round(busy * 100)}%`} busy before; 1-min load average ${loadBefore.toFixed(2)} before, ${(os.loadavg()[0] ?? 0).toFixed(2)} after`,
    ];
    const sections = figures.map(
      (checkout) => `${checkout.name}\n${checkoutTable(checkout, bareMedian)}`,
    );
    const [change, landed] = figures;
    if (change && landed) sections.push(`change against landed\n${sideBySide(change, landed)}`);
    const floor = feedSizedFloor(rounds, figures);
    if (floor) sections.push(floor);
    sections.push(
      `targets (pass/miss, never a failure): each page >= 0.75 of GET /api/ with p99 < 50 ms at ${options.connections} connections and every answer 2xx; GET /api/ >= 0.5 of the bare route`,
    );
    return { setup, figures, text: sections.join('\n\n') };
  } finally {
    await stopAll();
  }
}

export const pages: Benchmark = {
  name: 'pages',
  title: 'Hot signed-in pages against GET /api/ and a bare Fastify route (ratios)',
  async run(context) {
    const result = await runPages({
      connections: 64,
      durationSeconds: context.durationSeconds,
      rounds: 2,
      log: (line) => console.error(line),
    });
    console.log(`${result.text}\n`);
    return {
      name: this.name,
      title: this.title,
      setup: result.setup,
      figures: figuresOf(result.figures),
    };
  },
};

const usage = `Usage: npx node bench/src/pages.ts [options]
  --rounds <n>       repeat the whole sequence n times, report the median (default 2)
  --duration <s>     seconds of load per measurement, after a ${WARM_UP_SECONDS} s warm-up (default 8)
  --connections <n>  autocannon connections (default 64)
  --against <dir>    a second checkout (e.g. a worktree of the landed commit, with npm ci run in
                     it) measured beside this one in the same run`;

function whole(value: string, name: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, got ${value}`);
  }
  return n;
}

function parse(): PagesOptions | undefined {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '2' },
      duration: { type: 'string', default: '8' },
      connections: { type: 'string', default: '64' },
      against: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return undefined;
  const against = values.against;
  if (against && !existsSync(path.join(against, 'server', 'src', 'main.ts'))) {
    throw new Error(`--against ${against}: no server/src/main.ts there`);
  }
  if (against && !existsSync(path.join(against, 'node_modules'))) {
    throw new Error(`--against ${against}: no node_modules there (run npm ci in it)`);
  }
  return {
    rounds: whole(values.rounds, 'rounds', 1, 20),
    durationSeconds: whole(values.duration, 'duration', 1, 120),
    connections: whole(values.connections, 'connections', 1, 1000),
    ...(against ? { against } : {}),
    log: (line) => console.error(line),
  };
}

async function main(): Promise<void> {
  let options: PagesOptions | undefined;
  try {
    options = parse();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exitCode = 2;
    return;
  }
  if (!options) {
    console.log(usage);
    return;
  }
  const onSignal = () => {
    console.error('\nInterrupted: stopping the servers.');
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  console.log(`${describeMachine().join('\n')}\n`);
  try {
    const result = await runPages(options);
    console.log(`${result.setup.join('\n')}\n\n${result.text}`);
  } catch (error) {
    console.error(`pages: could not run: ${error instanceof Error ? error.stack : String(error)}`);
    process.exitCode = 1;
  }
}

if (import.meta.main) await main();
