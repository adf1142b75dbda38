import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Benchmark } from '../lib/benchmark.ts';
import type { Figure } from '../lib/report.ts';
import { removeDataDir, startServer } from '../lib/server.ts';
import {
  connectDatabase,
  drainDatabase,
  FEED,
  MIN_IDLE_SECONDS,
  now,
  READERS,
  readFeedUntil,
  signUp,
  sleep,
} from './common.ts';
import { scaleSettings } from './settings.ts';

const GIVE_UP_MS = 600_000;

/**
 * The remote servers: one local HTTP server per remote server, each its own origin (port), as
 * Fedify groups and orders deliveries by origin. `POST /inbox` answers 202 at once and records
 * when each delivery of which activity type arrived. They do not verify the signatures (the
 * integration tests do, against a Fedify stand-in): they are sinks, so that the figure is our
 * side's sending, not a remote's checking.
 */
async function startInboxSinks(count: number) {
  const arrivals: { at: number; origin: string; path: string; type: string }[] = [];
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const server = http.createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      server.on('request', (request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          let type = 'unreadable';
          try {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type?: unknown };
            type = String(body.type);
          } catch {
            // Kept as "unreadable": the figure counts only Creates.
          }
          arrivals.push({ at: now(), origin, path: request.url ?? '', type });
          response.writeHead(202).end();
        });
      });
      return { server, origin };
    }),
  );
  return {
    origins: servers.map(({ origin }) => origin),
    arrivals,
    stop: () =>
      Promise.all(
        servers.map(({ server }) => new Promise<void>((resolve) => server.close(() => resolve()))),
      ),
  };
}

/** A text post through the API, as the web app's form sends it (multipart). */
async function createPublicPost(url: string, token: string, content: string) {
  const form = new FormData();
  form.set('content', content);
  const response = await fetch(`${url}/api/posts/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  if (response.status !== 201) {
    throw new Error(`POST /api/posts/ answered ${response.status}: ${await response.text()}`);
  }
}

/**
 * One public post of a creator with 10,000 remote followers on 100 servers (issue 36): seconds
 * from the POST until every shared inbox has its `Create`, and the feed's p99 meanwhile beside
 * its p99 idle.
 */
export const federationDelivery: Benchmark = {
  name: 'federation',
  title:
    'One public post to 10,000 remote followers over 100 shared inboxes, and the feed beside it',
  async run(context) {
    const followers = scaleSettings.federationFollowers;
    const inboxes = scaleSettings.federationInboxes;
    const sinks = await startInboxSinks(inboxes);
    // Loopback addresses are remote servers here: allowed as the tests allow them.
    const server = await startServer({ env: { FEDERATION_ALLOW_PRIVATE: 'true' } });
    const db = await connectDatabase(server.dataDir);
    const agent = new http.Agent({ keepAlive: true, maxSockets: READERS });
    try {
      const { url } = server;
      const creator = await signUp(url, 'fed_creator');
      const reader = await signUp(url, 'fed_reader');
      await db.query(
        `insert into remote_followers (user_id, actor_id, inbox, shared_inbox, handle, state)
         select $1::bigint,
                origins[g % $3 + 1] || '/users/f' || g,
                origins[g % $3 + 1] || '/users/f' || g || '/inbox',
                origins[g % $3 + 1] || '/inbox',
                '@f' || g || '@' || substr(origins[g % $3 + 1], 8),
                'accepted'
           from generate_series(1, $4::int) g, (select $2::text[] as origins) o`,
        [creator.id, sinks.origins, inboxes, followers],
      );
      await db.query('vacuum analyze');
      await drainDatabase(db);

      let done = false;
      const during = readFeedUntil(agent, url, reader.access, () => done);
      const started = now();
      await createPublicPost(url, creator.access, 'Hello, fediverse');
      const postedMs = now() - started;
      const creates = () => sinks.arrivals.filter((arrival) => arrival.type === 'Create');
      while (new Set(creates().map((arrival) => arrival.origin)).size < inboxes) {
        if (now() - started > GIVE_UP_MS) {
          throw new Error(
            `${new Set(creates().map((arrival) => arrival.origin)).size} of ${inboxes} inboxes had the post after ${GIVE_UP_MS / 1000} s`,
          );
        }
        await sleep(10);
      }
      const deliveredMs = Math.max(...creates().map((arrival) => arrival.at)) - started;
      const firstMs = Math.min(...creates().map((arrival) => arrival.at)) - started;
      // A little longer, to catch deliveries to personal inboxes that should not happen.
      await sleep(1_000);
      done = true;
      const busy = await during;
      const deliveries = creates().length;
      await drainDatabase(db);
      const idleSeconds = Math.max(MIN_IDLE_SECONDS, context.durationSeconds, deliveredMs / 1000);
      const idleEnd = now() + idleSeconds * 1000;
      const idle = await readFeedUntil(agent, url, reader.access, () => now() > idleEnd);

      const figures: Figure[] = [
        {
          metric: 'seconds until the last shared inbox has the post',
          value: deliveredMs / 1000,
          unit: 's',
          digits: 2,
          note: `${deliveries} deliveries of Create to ${inboxes} shared inboxes for ${followers.toLocaleString('en-US')} followers, the first after ${(firstMs / 1000).toFixed(2)} s; the POST answered in ${postedMs.toFixed(0)} ms`,
        },
        {
          metric: `GET ${FEED} p99 idle`,
          value: idle.latency.p99,
          unit: 'ms',
          digits: 1,
          note: `p50 ${idle.latency.p50.toFixed(1)} ms over ${idle.count} requests, ${idle.failed} failed`,
        },
        {
          metric: `GET ${FEED} p99 during the delivery`,
          value: busy.latency.p99,
          unit: 'ms',
          digits: 1,
          note: `p50 ${busy.latency.p50.toFixed(1)} ms, max ${busy.latency.max.toFixed(1)} ms over ${busy.count} requests, ${busy.failed} failed`,
        },
      ];
      return {
        name: this.name,
        title: this.title,
        setup: [
          `${followers.toLocaleString('en-US')} accepted remote followers of one creator, spread over ${inboxes} servers' shared inboxes (local servers on their own ports, answering 202), generated in SQL`,
          `one public text post through the API; ${READERS} closed-loop readers of ${FEED} (another user's token) during the delivery, then as long again idle (at least ${MIN_IDLE_SECONDS} s)`,
        ],
        figures,
      };
    } finally {
      agent.destroy();
      await db.end().catch(() => undefined);
      await server.stop();
      await removeDataDir(server.dataDir);
      await sinks.stop();
    }
  },
};
