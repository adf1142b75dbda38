/**
 * What one request of each hot page costs, beside the bare Fastify route: the CPU time of the
 * server process and of its PostgreSQL (all of the cluster's processes) per request, read from
 * /proc over a fixed number of requests, and the database transactions per request (from
 * pg_stat_database, less what the same idle time commits). CPU time per request moves far less
 * with the machine's load than requests per second do, so it tells where a page's cost went
 * when the throughput ratios of `pages.ts` are noisy. Linux only.
 *
 *   npx node bench/src/pages-cost.ts [--requests 10000] [--connections 16] [--against <dir>]
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type pg from 'pg';
import { startBareRoute } from './lib/bare-route.ts';
import { REPO_ROOT, removeDataDir, startServer } from './lib/server.ts';
import { sleep } from './scale/common.ts';
import { makeWorld, PAGES } from './pages/world.ts';

const TICKS_PER_SECOND = 100;
/** PostgreSQL flushes its statistics about once a second. */
const STATS_FLUSH_MS = 1_500;

function processTicks(pid: number): { ppid: number; ticks: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) };
  } catch {
    return undefined;
  }
}

/** The process and its descendants (a postmaster's backends). */
function treeOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processTicks(Number(entry));
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop() as number;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

const secondsOf = (pids: number[]) =>
  pids.reduce((sum, pid) => sum + (processTicks(pid)?.ticks ?? 0), 0) / TICKS_PER_SECOND;

function load(url: string, headers: Record<string, string>, amount: number, connections: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, headers, amount, connections, timeout: 10 }, (error, result) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
  });
}

async function commits(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    'select xact_commit as n from pg_stat_database where datname = current_database()',
  );
  return Number(rows[0]?.n ?? 0);
}

type Cost = { serverUs: number; databaseUs: number; transactions: number | undefined };

const micros = (seconds: number, requests: number) => Math.round((seconds / requests) * 1e6);

async function measureCheckout(root: string, requests: number, connections: number) {
  const server = await startServer({ root });
  const world = await makeWorld(server);
  const costs = new Map<string, Cost>();
  const feed = world.pages.feed;
  const feedBytes = feed.ok ? feed.bytes : undefined;
  try {
    const lock = readFileSync(path.join(server.dataDir, 'postgres', 'postmaster.pid'), 'utf8');
    const postmaster = Number(lock.split('\n')[0]);
    for (const { key, label } of PAGES) {
      const page = world.pages[key];
      if (!page.ok) continue;
      const url = `${server.url}${page.path}`;
      await load(url, page.headers, Math.min(requests, 2_000), connections);
      // The idle commits of the same span (jobs polling), measured first, are taken off.
      const idleStart = world.db && (await commits(world.db));
      const started = performance.now();
      const serverBefore = secondsOf([server.pid]);
      const databaseBefore = secondsOf(treeOf(postmaster));
      await load(url, page.headers, requests, connections);
      const serverUsed = secondsOf([server.pid]) - serverBefore;
      const databaseUsed = secondsOf(treeOf(postmaster)) - databaseBefore;
      const spanMs = performance.now() - started;
      let transactions: number | undefined;
      if (world.db && idleStart !== undefined) {
        await sleep(STATS_FLUSH_MS);
        const busy = (await commits(world.db)) - idleStart;
        const idleFrom = await commits(world.db);
        await sleep(spanMs + STATS_FLUSH_MS);
        // The same length as the busy reading's: the load, then the wait for the flush.
        const idle = (await commits(world.db)) - idleFrom;
        transactions = Math.max(0, (busy - idle) / requests);
      }
      costs.set(label, {
        serverUs: micros(serverUsed, requests),
        databaseUs: micros(databaseUsed, requests),
        transactions,
      });
    }
  } finally {
    await world.db?.end();
    await server.stop();
    await removeDataDir(server.dataDir);
  }
  return { costs, feedBytes };
}

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '16' },
    against: { type: 'string' },
  },
});
const requests = Number(values.requests);
const connections = Number(values.connections);

const bare = await startBareRoute();
/** The bare route's server CPU per request for `url` (after a warm-up). */
async function bareCost(url: string): Promise<number> {
  await load(url, {}, 2_000, connections);
  const before = secondsOf([bare.pid]);
  await load(url, {}, requests, connections);
  return micros(secondsOf([bare.pid]) - before, requests);
}
const bareUs = await bareCost(`${bare.url}/api/`);

const checkouts: [string, string][] = [['change', REPO_ROOT]];
if (values.against) checkouts.push(['landed', path.resolve(values.against)]);
const measured = [];
// The bare route sending as many bytes as the first checkout's home feed: what its transfer
// alone costs the server, the floor under the feed's figure.
let feedSized: { bytes: number; us: number } | undefined;
for (const [name, root] of checkouts) {
  const { costs, feedBytes } = await measureCheckout(root, requests, connections);
  measured.push({ name, costs });
  if (!feedSized && feedBytes !== undefined) {
    feedSized = { bytes: feedBytes, us: await bareCost(`${bare.url}/api/bytes/${feedBytes}/`) };
  }
}
await bare.stop();

console.log(`bare Fastify route: ${bareUs} µs of server CPU per request`);
if (feedSized) {
  console.log(
    `bare Fastify route sending the home feed's ${feedSized.bytes} bytes: ${feedSized.us} µs`,
  );
}
console.log(`${requests} requests per page at ${connections} connections`);
for (const { name, costs } of measured) {
  console.log(`\n${name}`);
  console.log('page                    server µs  PostgreSQL µs  transactions');
  for (const [label, cost] of costs) {
    const tx = cost.transactions === undefined ? 'n/a' : cost.transactions.toFixed(2);
    console.log(
      `${label.padEnd(22)}  ${String(cost.serverUs).padStart(9)}  ${String(cost.databaseUs).padStart(13)}  ${tx.padStart(12)}`,
    );
  }
}
