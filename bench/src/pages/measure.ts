/** The rounds of the `pages` benchmark: every page of every checkout, interleaved, under load. */
import type { BareRoute } from '../lib/bare-route.ts';
import type { RunningServer } from '../lib/server.ts';
import { drainDatabase } from '../scale/common.ts';
import { loadWithHeaders } from '../scale/load.ts';
import { PAGES, type PageKey, type World } from './world.ts';

export const WARM_UP_SECONDS = 2;

export type Checkout = {
  /** "change" (this checkout) or "landed" (the one given with --against). */
  name: string;
  root: string;
  server: RunningServer;
  world: World;
};

/** One measurement: 2xx answers per second and their latency, and everything else counted. */
export type Sample = {
  okPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

export type Rounds = {
  bare: Sample[];
  /** The bare route answering as many bytes as the first checkout's home feed, per round. */
  bareFeedSized: { bytes: number; samples: Sample[] } | undefined;
  /** Per checkout name, per page, one sample per round (absent for a page that is n/a). */
  pages: Map<string, Partial<Record<PageKey, Sample[]>>>;
};

export type MeasureOptions = {
  connections: number;
  durationSeconds: number;
  rounds: number;
  /** Progress lines (stderr): a run takes minutes. */
  log: (line: string) => void;
};

async function measure(
  url: string,
  headers: Record<string, string>,
  options: MeasureOptions,
): Promise<Sample> {
  const target = { url, headers, connections: options.connections };
  await loadWithHeaders({ ...target, durationSeconds: WARM_UP_SECONDS });
  const result = await loadWithHeaders({ ...target, durationSeconds: options.durationSeconds });
  return {
    // Counted from the 2xx answers alone: a page answering errors must not look fast.
    okPerSecond: result.latency.count / options.durationSeconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Lets queries a load left behind finish, so they do not weigh on the next measurement. */
async function settle(checkout: Checkout): Promise<void> {
  if (checkout.world.db) await drainDatabase(checkout.world.db).catch(() => undefined);
}

const describe = (sample: Sample) =>
  `${Math.round(sample.okPerSecond)} req/s, p99 ${sample.p99.toFixed(1)} ms, ${sample.non2xx + sample.errors + sample.timeouts} not 2xx`;

/**
 * `rounds` times: the bare route, then each page on each checkout in turn (A then B for each
 * page), so that both checkouts and all pages see the same machine state, round after round.
 */
export async function measureRounds(
  checkouts: Checkout[],
  bare: BareRoute,
  options: MeasureOptions,
): Promise<Rounds> {
  const feed = checkouts[0]?.world.pages.feed;
  const feedBytes = feed?.ok ? feed.bytes : undefined;
  const rounds: Rounds = {
    bare: [],
    bareFeedSized: feedBytes === undefined ? undefined : { bytes: feedBytes, samples: [] },
    pages: new Map(checkouts.map((c) => [c.name, {}])),
  };
  for (let round = 1; round <= options.rounds; round += 1) {
    const bareSample = await measure(`${bare.url}/api/`, {}, options);
    rounds.bare.push(bareSample);
    options.log(`round ${round}: bare route: ${describe(bareSample)}`);
    if (rounds.bareFeedSized) {
      const { bytes, samples } = rounds.bareFeedSized;
      const sized = await measure(`${bare.url}/api/bytes/${bytes}/`, {}, options);
      samples.push(sized);
      options.log(`round ${round}: bare route, ${bytes} bytes: ${describe(sized)}`);
    }
    for (const { key, label } of PAGES) {
      for (const checkout of checkouts) {
        const page = checkout.world.pages[key];
        if (!page.ok) continue;
        const sample = await measure(`${checkout.server.url}${page.path}`, page.headers, options);
        await settle(checkout);
        const samples = rounds.pages.get(checkout.name) ?? {};
        (samples[key] ??= []).push(sample);
        options.log(`round ${round}: ${checkout.name}: ${label}: ${describe(sample)}`);
      }
    }
  }
  return rounds;
}
