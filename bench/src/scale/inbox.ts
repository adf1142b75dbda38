import http from 'node:http';
import type { Benchmark } from '../lib/benchmark.ts';
import type { Figure } from '../lib/report.ts';
import { removeDataDir, startServer } from '../lib/server.ts';
import { summarize } from '../lib/stats.ts';
import {
  api,
  connectDatabase,
  drainDatabase,
  jwtKey,
  mintAccessToken,
  openSessions,
  now,
  postWithToken,
  signUp,
  timed,
} from './common.ts';
import { scaleSettings } from './settings.ts';

/** Senders sending at once, each waiting for its answer before the next send (closed loop). */
const SENDERS = 32;
const WARM_UP_SECONDS = 2;
/** Sequential requests per probe of one creator action. */
const PROBES = 20;

/**
 * A popular creator's inbox: thousands of conversations with unread messages and a hundred
 * thousand unread notifications. Every send to them, and every read of theirs, tells their badges;
 * this measures what that costs when the creator has a lot unread.
 */
export const inbox: Benchmark = {
  name: 'inbox',
  title: "A popular creator's inbox: 10,000 conversations, 100,000 unread notifications",
  async run(context) {
    const fans = scaleSettings.inboxConversations;
    const unreadNotifications = scaleSettings.inboxUnreadNotifications;
    const server = await startServer();
    const db = await connectDatabase(server.dataDir);
    const agent = new http.Agent({ keepAlive: true, maxSockets: SENDERS });
    try {
      const { url } = server;
      const creator = await signUp(url, 'inbox_creator');
      await db.query('update users set is_creator = true where id = $1', [creator.id]);
      // Fans and conversations in SQL: the creator (the smaller id) has 1 to 5 unread messages in
      // each, and the unread notifications are spread over the conversations.
      const [conversations, generateMs] = await timed(async () => {
        await db.query(
          `insert into users (username, email, password_hash)
           select 'inbox_fan_' || g, 'inbox_fan_' || g || '@example.com', 'x'
             from generate_series(1, $1::int) g`,
          [fans],
        );
        const { rows } = await db.query<{ id: string; fan: string }>(
          `insert into conversations (user_low_id, user_high_id, low_unread, updated_at)
           select $1::bigint, id, 1 + id % 5, now() - id * interval '1 second'
             from users where username like 'inbox\\_fan\\_%'
           returning id, user_high_id as fan`,
          [creator.id],
        );
        await db.query(
          `insert into notifications (user_id, type, kind, data)
           select $1::bigint, 'message', 'message_received',
                  jsonb_build_object('conversation_id', c.id, 'sender_id', c.user_high_id,
                                     'preview', 'You have a new message')
             from generate_series(1, $2::int) g
             join conversations c on c.id = (select min(id) from conversations) + g % $3`,
          [creator.id, unreadNotifications, fans],
        );
        await db.query('vacuum analyze');
        return rows.map((row) => ({ id: Number(row.id), fan: Number(row.fan) }));
      });
      const key = await jwtKey(server.dataDir);
      const tokens = new Map<number, string>();
      const sessions = await openSessions(
        db,
        conversations.map((c) => c.fan),
      );
      for (const { fan } of conversations) {
        tokens.set(fan, await mintAccessToken(key, fan, sessions.get(fan) ?? 0));
      }

      const send = (conversation: { id: number; fan: number }) =>
        postWithToken(
          agent,
          `${url}/api/messaging/conversations/${conversation.id}/send_message/`,
          tokens.get(conversation.fan)!,
          JSON.stringify({ text: 'Hello from a fan' }),
        );
      await sendFor(WARM_UP_SECONDS, conversations, send);
      await drainDatabase(db);
      const sends = await sendFor(context.durationSeconds, conversations, send);
      await drainDatabase(db);

      // The creator's own actions, each request alone.
      const probe = async (request: (i: number) => Promise<unknown>) => {
        const ms: number[] = [];
        for (let i = 0; i < PROBES; i += 1) ms.push((await timed(() => request(i)))[1]);
        return summarize(ms);
      };
      const summary = await probe(() =>
        api(url, creator.access, 'GET', '/api/notifications/summary/'),
      );
      const openConversation = await probe((i) =>
        api(
          url,
          creator.access,
          'GET',
          `/api/messaging/conversations/${conversations[i]!.id}/messages/`,
        ),
      );
      const unread = await api<{ id: number }[]>(
        url,
        creator.access,
        'GET',
        '/api/notifications/unread/',
      );
      const markRead = await probe((i) =>
        api(url, creator.access, 'POST', `/api/notifications/${unread[i]!.id}/mark_read/`, {}),
      );
      // The list's first page, and reopening the conversation of least recent activity (the
      // last one of the list: `updated_at` falls with the fan's id).
      const listPage = await probe(() =>
        api(url, creator.access, 'GET', '/api/messaging/conversations/'),
      );
      const oldestFan = Math.max(...conversations.map((c) => c.fan));
      const reopen = await probe(() =>
        api(url, creator.access, 'POST', '/api/messaging/conversations/start_conversation/', {
          recipient_id: oldestFan,
        }),
      );
      const { rows: counts } = await db.query<{ messages: number; notifications: number }>(
        `select (select coalesce(sum(low_unread), 0) from conversations where user_low_id = $1)::int as messages,
                (select count(*) from notifications where user_id = $1 and not is_read)::int as notifications`,
        [creator.id],
      );

      const line = (s: ReturnType<typeof summarize>) =>
        `p50 ${s.p50.toFixed(1)} ms, max ${s.max.toFixed(1)} ms over ${PROBES} sequential requests`;
      const figures: Figure[] = [
        {
          metric: 'sends to the creator: throughput',
          value: sends.answered / context.durationSeconds,
          unit: 'req/s',
          digits: 0,
          note: `${sends.answered.toLocaleString('en-US')} answered 201, ${sends.failed} not`,
        },
        { metric: 'sends to the creator: p50', value: sends.latency.p50, unit: 'ms', digits: 2 },
        {
          metric: 'sends to the creator: p99',
          value: sends.latency.p99,
          unit: 'ms',
          digits: 2,
          note: `p90 ${sends.latency.p90.toFixed(2)} ms, max ${sends.latency.max.toFixed(1)} ms`,
        },
        {
          metric: 'the creator opens a conversation (GET …/messages/)',
          value: openConversation.p50,
          unit: 'ms',
          digits: 1,
          note: `${line(openConversation)}; each clears that conversation's unread messages and notifications`,
        },
        {
          metric: "the creator's conversation list, first page (GET …/conversations/)",
          value: listPage.p50,
          unit: 'ms',
          digits: 1,
          note: `${line(listPage)}; 30 of ${fans.toLocaleString('en-US')}, keyset`,
        },
        {
          metric: 'the creator reopens the least recent conversation (start_conversation)',
          value: reopen.p50,
          unit: 'ms',
          digits: 1,
          note: line(reopen),
        },
        {
          metric: 'the creator marks one notification read',
          value: markRead.p50,
          unit: 'ms',
          digits: 1,
          note: line(markRead),
        },
        {
          metric: 'GET /api/notifications/summary/',
          value: summary.p50,
          unit: 'ms',
          digits: 1,
          note: `${line(summary)}; unread_by_type counts the rows`,
        },
        {
          metric: "the creator's unread at the end (counted)",
          value: `${counts[0]?.messages.toLocaleString('en-US')} messages, ${counts[0]?.notifications.toLocaleString('en-US')} notifications`,
        },
      ];
      return {
        name: this.name,
        title: this.title,
        setup: [
          `${fans.toLocaleString('en-US')} fans, each in a conversation with the creator holding 1–5 unread messages; ${unreadNotifications.toLocaleString('en-US')} unread message notifications of the creator; generated in SQL in ${(generateMs / 1000).toFixed(1)} s, VACUUM ANALYZE`,
          `sends: ${SENDERS} senders in a closed loop, each POST …/send_message/ {text} from a random fan to the creator, for ${context.durationSeconds} s after ${WARM_UP_SECONDS} s of warm-up`,
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

/** SENDERS closed loops for `seconds`: each picks a random conversation and sends. */
async function sendFor<T>(seconds: number, conversations: T[], send: (c: T) => Promise<number>) {
  const latencies: number[] = [];
  let answered = 0;
  let failed = 0;
  const end = now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (now() < end) {
        const conversation = conversations[Math.floor(Math.random() * conversations.length)]!;
        const started = now();
        const status = await send(conversation).catch(() => 0);
        if (status === 201) {
          answered += 1;
          latencies.push(now() - started);
        } else failed += 1;
      }
    }),
  );
  return { answered, failed, latency: summarize(latencies) };
}
