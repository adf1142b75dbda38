import http from 'node:http';
import type { Benchmark } from '../lib/benchmark.ts';
import type { Figure } from '../lib/report.ts';
import { removeDataDir, startServer } from '../lib/server.ts';
import {
  api,
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

/**
 * A mass message to every active subscriber of a creator with 10,000 of them: seconds from the
 * POST until the last copy is delivered (the job marks it sent), and the feed's p99 meanwhile
 * beside its p99 idle.
 */
export const massMessage: Benchmark = {
  name: 'mass',
  title: 'A mass message to 10,000 active subscribers, and GET /api/posts/ during the send',
  async run(context) {
    const fans = scaleSettings.massRecipients;
    const server = await startServer();
    const db = await connectDatabase(server.dataDir);
    const agent = new http.Agent({ keepAlive: true, maxSockets: READERS });
    try {
      const { url } = server;
      const creator = await signUp(url, 'mass_creator');
      // The feed's reader signs in for real (a token needs a session); one of the subscribers.
      const readerAccount = await signUp(url, 'mass_reader');
      await db.query('update users set is_creator = true where id = $1', [creator.id]);
      await db.query(
        `insert into users (username, email, password_hash)
         select 'mass_fan_' || g, 'mass_fan_' || g || '@example.com', 'x'
           from generate_series(1, $1::int - 1) g`,
        [fans],
      );
      await db.query(
        `insert into subscriptions (fan_id, creator_id, price_cents, current_period_end)
         select id, $1::bigint, 0, now() + interval '30 days'
           from users where username like 'mass\\_fan\\_%' or username = 'mass_reader'`,
        [creator.id],
      );
      await db.query(
        `insert into posts (author_id, content, type, created_at)
         select $1::bigint, 'Post ' || g, 'post', now() - g * interval '1 minute'
           from generate_series(1, 10000) g`,
        [creator.id],
      );
      await db.query('vacuum analyze');
      const reader = readerAccount.access;
      await drainDatabase(db);

      // The send, timed from the POST to the job's last batch.
      let done = false;
      const sending = readFeedUntil(agent, url, reader, () => done);
      const started = now();
      const created = await api<{ id: number; recipient_count: number }>(
        url,
        creator.access,
        'POST',
        '/api/creator/mass-messages/',
        { text: 'Hello to all my subscribers', segment: { kind: 'active' } },
      );
      const postedMs = now() - started;
      for (;;) {
        const { rows: state } = await db.query<{ status: string; sent_count: number }>(
          'select status, sent_count from mass_messages where id = $1',
          [created.id],
        );
        if (state[0]?.status === 'sent') break;
        if (now() - started > 600_000)
          throw new Error('the mass message was not sent in 10 minutes');
        await sleep(20);
      }
      const deliveredMs = now() - started;
      done = true;
      const during = await sending;
      const { rows: copies } = await db.query<{ n: number }>(
        'select count(*)::int as n from messages where mass_message_id = $1',
        [created.id],
      );
      await drainDatabase(db);
      const idleSeconds = Math.max(MIN_IDLE_SECONDS, context.durationSeconds, deliveredMs / 1000);
      const idleEnd = now() + idleSeconds * 1000;
      const idle = await readFeedUntil(agent, url, reader, () => now() > idleEnd);

      const figures: Figure[] = [
        {
          metric: 'seconds until the last copy is delivered',
          value: deliveredMs / 1000,
          unit: 's',
          digits: 2,
          note: `${copies[0]?.n.toLocaleString('en-US')} copies of ${created.recipient_count.toLocaleString('en-US')} recipients; the POST answered in ${postedMs.toFixed(0)} ms`,
        },
        {
          metric: `GET ${FEED} p99 idle`,
          value: idle.latency.p99,
          unit: 'ms',
          digits: 1,
          note: `p50 ${idle.latency.p50.toFixed(1)} ms over ${idle.count} requests, ${idle.failed} failed`,
        },
        {
          metric: `GET ${FEED} p99 during the send`,
          value: during.latency.p99,
          unit: 'ms',
          digits: 1,
          note: `p50 ${during.latency.p50.toFixed(1)} ms, max ${during.latency.max.toFixed(1)} ms over ${during.count} requests, ${during.failed} failed`,
        },
      ];
      return {
        name: this.name,
        title: this.title,
        setup: [
          `${fans.toLocaleString('en-US')} fans with an active subscription to one creator, 10,000 posts by the creator, generated in SQL, VACUUM ANALYZE`,
          `one free text mass message to segment "active"; ${READERS} closed-loop readers of ${FEED} (one fan's token) during the send, then as long again idle (at least ${MIN_IDLE_SECONDS} s)`,
        ],
        figures,
      };
    } finally {
      agent.destroy();
      await db.end().catch(() => undefined);
      await server.stop();
      await removeDataDir(server.dataDir);
    }
  },
};
