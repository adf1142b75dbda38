import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type pg from 'pg';
import type { Benchmark } from '../lib/benchmark.ts';
import { below, type Figure } from '../lib/report.ts';
import { removeDataDir, startServer, type RunningServer } from '../lib/server.ts';
import { summarize } from '../lib/stats.ts';
import {
  connectDatabase,
  drainDatabase,
  embeddedDatabaseUrl,
  fileDescriptors,
  jwtKey,
  MiB,
  mintAccessToken,
  openSessions,
  now,
  postWithToken,
  rssBytes,
  sampleRss,
  signUp,
  sleep,
  startServerOn,
  timed,
  type ExtraServer,
} from './common.ts';
import { loadWithHeaders } from './load.ts';
import { scaleSettings } from './settings.ts';
import type { Command, Reply } from './socket-worker.ts';

const SOCKETS_PER_WORKER = 8_000;
/** File descriptors a server keeps for itself besides sockets: pool, Redis, logs, files. */
const SERVER_FD_HEADROOM = 300;
const CONNECT_CONCURRENCY = 48;
const IDLE_SECONDS = 30;
const RECONNECT_SHARE = 10;
const REDIS = { host: '127.0.0.1', port: 6379 };
const MEMORY_TARGET_BYTES = 1.5 * 1024 ** 3;
const POLL_INTERVAL_SECONDS = 1.5;
/** The second, unsaturated send rate is the target rate divided by this. */
const GENTLE_DIVISOR = 10;
/** Sends at the measured rate before the measured window; reported apart. */
const WARMUP_SECONDS = 3;

type Pair = { conversationId: number; a: number; b: number };

/** The socket-holding child processes (socket-worker.ts), and a request/answer over IPC. */
class Workers {
  private readonly children: ChildProcess[];

  constructor(count: number) {
    const entry = path.join(import.meta.dirname, 'socket-worker.ts');
    this.children = Array.from({ length: count }, () =>
      fork(entry, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
    );
  }

  get count() {
    return this.children.length;
  }

  ask<E extends Reply['evt']>(
    index: number,
    command: Command,
    evt: E,
  ): Promise<Extract<Reply, { evt: E }>> {
    const child = this.children[index] as ChildProcess;
    return new Promise((resolve, reject) => {
      const onMessage = (message: Reply) => {
        if (message.evt !== evt) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as Extract<Reply, { evt: E }>);
      };
      const onExit = (code: number | null) => {
        child.off('message', onMessage);
        reject(new Error(`socket worker ${index} exited (${code}) while waiting for ${evt}`));
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(command);
    });
  }

  all<E extends Reply['evt']>(command: (index: number) => Command | undefined, evt: E) {
    return Promise.all(
      this.children.map((_, index) => {
        const c = command(index);
        return c ? this.ask(index, c, evt) : undefined;
      }),
    );
  }

  stop() {
    for (const child of this.children) {
      if (child.exitCode === null) child.kill('SIGTERM');
    }
  }
}

function redisAvailable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(REDIS, () => socket.write('PING\r\n'));
    socket.setTimeout(2_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

type Send = { seq: number; sentAt: number; status: number; ms: number; failure?: string };

/**
 * The senders' HTTP connections: at most SEND_CONNECTIONS, kept alive. Bounded, because in the
 * one-instance phase they share the server's open-file limit with the sockets; when the server
 * falls behind, further sends wait here, and their latency counts the wait.
 */
const SEND_CONNECTIONS = 64;
const sendAgent = new http.Agent({ keepAlive: true, maxSockets: SEND_CONNECTIONS });

/** "code: count" of sends that got no 201. */
function describeFailures(sends: Send[]): string {
  const counts = new Map<string, number>();
  for (const send of sends) {
    if (send.status === 201) continue;
    const key = send.failure ?? `HTTP ${send.status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${key}: ${n}`).join(', ');
}

/**
 * Sends messages at a fixed rate (open loop, 10 ms timer catching up by the clock) for
 * `seconds` or until `stop()` is true; `pick` chooses each one's conversation and sender.
 */
async function pacedSends(options: {
  url: string;
  rate: number;
  seconds: number;
  token: (userId: number) => Promise<string>;
  pick: () => { conversationId: number; sender: number };
  nextSeq: () => number;
  stop?: () => boolean;
  maxSeconds?: number;
}): Promise<{ sends: Send[]; seconds: number; startedAt: number }> {
  const sends: Send[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const startedAt = now();
  let due = 0;
  const send = () => {
    const { conversationId, sender } = options.pick();
    const seq = options.nextSeq();
    const record: Send = { seq, sentAt: now(), status: 0, ms: 0 };
    sends.push(record);
    const request = options
      .token(sender)
      .then((token) =>
        postWithToken(
          sendAgent,
          `${options.url}/api/messaging/conversations/${conversationId}/send_message/`,
          token,
          JSON.stringify({ text: `rt:${seq}` }),
        ),
      )
      .then((status) => {
        record.status = status;
      })
      .catch((error: unknown) => {
        const code = (error as { code?: string }).code ?? (error as Error).message;
        record.failure = code;
      })
      .finally(() => {
        record.ms = now() - record.sentAt;
        inFlight.delete(request);
      });
    inFlight.add(request);
  };
  const limit = (options.maxSeconds ?? options.seconds) * 1000;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - started;
      const over =
        elapsed >= limit || (elapsed >= options.seconds * 1000 && (options.stop?.() ?? true));
      if (over) {
        clearInterval(timer);
        resolve();
        return;
      }
      const target = Math.floor((elapsed / 1000) * options.rate) + 1;
      while (due < target) {
        send();
        due += 1;
      }
    };
    const timer = setInterval(tick, 10);
    tick();
  });
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(inFlight);
  return { sends, seconds, startedAt };
}

type PhaseResult = { figures: Figure[]; setup: string[] };

async function runPhase(options: {
  label: string;
  short: string;
  wsServer: { url: string; pid: number };
  sendUrl: string;
  workers: Workers;
  addressBase: number;
  users: number[];
  pairs: Pair[];
  key: Uint8Array;
  db: pg.Client;
  durationSeconds: number;
  p99TargetMs: number;
  /** The sockets the issue asks for; fewer may fit (the open-file limit). */
  requested: number;
  idle: boolean;
  polling: boolean;
}): Promise<PhaseResult> {
  const { workers, users, pairs, db, label, short } = options;
  const figures: Figure[] = [];
  const setup: string[] = [];
  const keyB64 = Buffer.from(options.key).toString('base64');
  const wsUrl = `${options.wsServer.url.replace('http:', 'ws:')}/ws/notifications/`;
  const workerOf = (index: number) => index % workers.count;
  const indexOf = new Map(users.map((id, index) => [id, index]));
  const owner = (userId: number) => workerOf(indexOf.get(userId) ?? 0);
  const byWorker = (ids: number[]) => {
    const slices: number[][] = Array.from({ length: workers.count }, () => []);
    for (const id of ids) slices[owner(id)]?.push(id);
    return slices;
  };
  const sessions = await openSessions(db, users);
  const tokens = new Map<number, Promise<string>>();
  const token = (userId: number) => {
    let minted = tokens.get(userId);
    if (!minted) {
      minted = mintAccessToken(options.key, userId, sessions.get(userId) ?? 0);
      tokens.set(userId, minted);
    }
    return minted;
  };
  let seq = 0;
  const nextSeq = () => {
    seq += 1;
    return seq;
  };

  // Connect every user's socket.
  const rssBefore = await rssBytes(options.wsServer.pid);
  const slices = byWorker(users);
  const [connected, connectMs] = await timed(() =>
    workers.all(
      (i) => ({
        cmd: 'connect',
        url: wsUrl,
        key: keyB64,
        users: slices[i] ?? [],
        localAddress: `127.0.0.${options.addressBase + i}`,
        concurrency: CONNECT_CONCURRENCY,
      }),
      'connected',
    ),
  );
  const ok = connected.reduce((n, r) => n + (r?.ok ?? 0), 0);
  const failed = connected.reduce((n, r) => n + (r?.failed ?? 0), 0);
  const errors = [...new Set(connected.flatMap((r) => r?.errors ?? []))].slice(0, 3);
  await sleep(3_000);
  const rssAfter = await rssBytes(options.wsServer.pid);
  const fds = await fileDescriptors(options.wsServer.pid);
  figures.push(
    {
      metric: `${short}: sockets authenticated`,
      value: ok,
      digits: 0,
      target: {
        text: `${options.requested.toLocaleString('en-US')}`,
        met: ok >= options.requested,
      },
      note: `in ${(connectMs / 1000).toFixed(1)} s (${(ok / (connectMs / 1000)).toFixed(0)}/s); ${failed} failed${errors.length ? `: ${errors.join('; ')}` : ''}; server holds ${fds.open.toLocaleString('en-US')} fds`,
    },
    {
      metric: `${short}: server RSS with the sockets open`,
      value: rssAfter / MiB,
      unit: 'MiB',
      digits: 0,
      target: { text: '< 1.5 GiB', met: rssAfter < MEMORY_TARGET_BYTES },
      note: `${(rssBefore / MiB).toFixed(0)} MiB before connecting: ${((rssAfter - rssBefore) / Math.max(1, ok) / 1024).toFixed(1)} KiB per socket`,
    },
  );

  if (options.idle) {
    await workers.all(() => ({ cmd: 'collect' }), 'collected');
    await sleep(IDLE_SECONDS * 1000);
    const idle = await workers.all(() => ({ cmd: 'collect' }), 'collected');
    const framesSent = idle.reduce((n, r) => n + (r?.framesSent ?? 0), 0);
    const pings = idle.reduce((n, r) => n + (r?.pings ?? 0), 0);
    const polling = (ok * 2) / POLL_INTERVAL_SECONDS;
    figures.push(
      {
        metric: `${short}: requests from ${ok.toLocaleString('en-US')} idle socket clients`,
        value: framesSent / IDLE_SECONDS,
        unit: 'req/s',
        digits: 1,
        note: `no HTTP; ${framesSent} frames sent in ${IDLE_SECONDS} s; server pings ${(pings / IDLE_SECONDS).toFixed(0)}/s (each socket every 30 s), answered by protocol pongs`,
      },
      {
        metric: `${short}: the spec's polling for the same clients`,
        value: polling,
        unit: 'req/s',
        digits: 0,
        note: `N × 2 / ${POLL_INTERVAL_SECONDS} s: GET conversations and GET notifications every ${POLL_INTERVAL_SECONDS} s each`,
      },
    );
  }

  // Steady sends into random conversations; latency to the recipient's 'message' frame.
  const open = pairs.filter((p) => indexOf.has(p.a) && indexOf.has(p.b));
  // Every sender's token is minted before the clock starts: a real client holds its token
  // already, and signing thousands of them here would count the load generator's own work.
  const [, mintMs] = await timed(() => Promise.all(open.flatMap((p) => [token(p.a), token(p.b)])));
  setup.push(
    `${short}: ${tokens.size.toLocaleString('en-US')} senders' access tokens minted in ${(mintMs / 1000).toFixed(1)} s before the first send (not timed)`,
  );
  const steadySends = async (rate: number, target: boolean) => {
    const rss = sampleRss(options.wsServer.pid, 250);
    const all = await pacedSends({
      url: options.sendUrl,
      rate,
      seconds: WARMUP_SECONDS + options.durationSeconds,
      token,
      nextSeq,
      pick: () => {
        const pair = open[Math.floor(Math.random() * open.length)] as Pair;
        return {
          conversationId: pair.conversationId,
          sender: Math.random() < 0.5 ? pair.a : pair.b,
        };
      },
    });
    // Sends the client gave up on may still be running in the server: wait for it to be idle.
    await drainDatabase(db, 120_000, 120_000);
    await sleep(3_000);
    const rssSamples = await rss.stop();
    const collected = await workers.all(() => ({ cmd: 'collect' }), 'collected');
    const arrivals = new Map<number, number>();
    for (const reply of collected) {
      for (const [s, at] of reply?.arrivals ?? []) arrivals.set(s, at);
    }
    // The first WARMUP_SECONDS are measured apart: a process that has not run the send path
    // yet interprets it before V8 compiles it, and that start is not the steady state.
    const measuredFrom = all.startedAt + WARMUP_SECONDS * 1000;
    const warmup = all.sends.filter((s) => s.sentAt < measuredFrom);
    const steady = {
      sends: all.sends.filter((s) => s.sentAt >= measuredFrom),
      seconds: all.seconds - WARMUP_SECONDS,
    };
    const deliveries = (sends: Send[]) => {
      const latencies: number[] = [];
      let missing = 0;
      for (const send of sends) {
        if (send.status !== 201) continue;
        const at = arrivals.get(send.seq);
        if (at === undefined) missing += 1;
        else latencies.push(at - send.sentAt);
      }
      return { latency: summarize(latencies), lost: missing };
    };
    const answered = steady.sends.filter((s) => s.status === 201);
    const { latency, lost } = deliveries(steady.sends);
    const warm = deliveries(warmup);
    const sendLatency = summarize(answered.map((s) => s.ms));
    const failures = steady.sends.length - answered.length;
    const closedUnexpectedly = collected.reduce((n, r) => n + (r?.closedUnexpectedly ?? 0), 0);
    // What the server completed: answers over the time from the first send to the last answer.
    const firstSent = Math.min(...steady.sends.map((s) => s.sentAt));
    const lastAnswer = Math.max(...answered.map((s) => s.sentAt + s.ms));
    const label = `${short}, ${rate}/s`;
    figures.push(
      {
        metric: `${label}: messages answered`,
        value: answered.length / ((lastAnswer - firstSent) / 1000),
        unit: '/s',
        digits: 0,
        note: `${answered.length.toLocaleString('en-US')} of ${steady.sends.length.toLocaleString('en-US')} started in ${steady.seconds.toFixed(1)} s answered 201 by ${((lastAnswer - firstSent) / 1000).toFixed(1)} s${failures ? ` (no 201: ${describeFailures(steady.sends)})` : ''}; send request p50 ${sendLatency.p50.toFixed(1)} ms, p99 ${sendLatency.p99.toFixed(1)} ms`,
      },
      {
        metric: `${label}: send → recipient's frame p50`,
        value: latency.p50,
        unit: 'ms',
        digits: 1,
      },
      {
        metric: `${label}: send → recipient's frame p99`,
        value: latency.p99,
        unit: 'ms',
        digits: 1,
        ...(target ? { target: below(latency.p99, options.p99TargetMs, 'ms') } : {}),
        note: `p90 ${latency.p90.toFixed(1)} ms, max ${latency.max.toFixed(1)} ms; the ${WARMUP_SECONDS} s before (warm-up, not counted): p50 ${warm.latency.p50.toFixed(1)} ms, p99 ${warm.latency.p99.toFixed(1)} ms, ${warm.lost} lost`,
      },
      {
        metric: `${label}: message frames lost (sockets kept open)`,
        value: lost + warm.lost,
        digits: 0,
        ...(target ? { target: { text: '= 0', met: lost + warm.lost === 0 } } : {}),
        note: `${closedUnexpectedly} sockets closed by the server meanwhile; server RSS peak ${(Math.max(...rssSamples.map((s) => s.rss)) / MiB).toFixed(0)} MiB (every 250 ms)`,
      },
    );
  };
  await steadySends(scaleSettings.messagesPerSecond, true);
  // A gentler rate, to tell delivery itself from the queue a saturated server builds.
  await steadySends(
    Math.max(1, Math.round(scaleSettings.messagesPerSecond / GENTLE_DIVISOR)),
    false,
  );

  // Reconnect: drop every 10th socket like a lost network, keep messaging those users, let
  // them come back with last_notification_id, and compare what they got with the database.
  const dropped = users.filter((_, index) => index % RECONNECT_SHARE === 0);
  const droppedSet = new Set(dropped);
  const partnerOf = new Map<number, Pair>();
  for (const pair of open) {
    if (droppedSet.has(pair.a)) partnerOf.set(pair.a, pair);
    if (droppedSet.has(pair.b)) partnerOf.set(pair.b, pair);
  }
  const targets = [...partnerOf.keys()];
  const droppedSlices = byWorker(dropped);
  await workers.all((i) => ({ cmd: 'track', users: droppedSlices[i] ?? [] }), 'tracked');
  let reconnected = false;
  let reconnectMs = 0;
  let reconnectOk = 0;
  let reconnectFailed = 0;
  const reconnectErrors: string[] = [];
  const last: Record<number, number> = {};
  const outage = (async () => {
    await sleep(1_000);
    const replies = await workers.all(
      (i) => ({ cmd: 'drop', users: droppedSlices[i] ?? [] }),
      'dropped',
    );
    for (const reply of replies) Object.assign(last, reply?.last ?? {});
    await sleep(2_000);
    const started = performance.now();
    const again = await workers.all(
      (i) => ({
        cmd: 'connect',
        url: wsUrl,
        key: keyB64,
        users: droppedSlices[i] ?? [],
        localAddress: `127.0.0.${options.addressBase + 10 + i}`,
        concurrency: CONNECT_CONCURRENCY,
        lastNotificationIds: Object.fromEntries(
          (droppedSlices[i] ?? []).map((id) => [id, last[id] ?? 0]),
        ),
      }),
      'connected',
    );
    reconnectMs = performance.now() - started;
    reconnectOk = again.reduce((n, r) => n + (r?.ok ?? 0), 0);
    reconnectFailed = again.reduce((n, r) => n + (r?.failed ?? 0), 0);
    reconnectErrors.push(...new Set(again.flatMap((r) => r?.errors ?? [])));
    await sleep(2_000);
    reconnected = true;
  })();
  const during = await pacedSends({
    url: options.sendUrl,
    rate: scaleSettings.messagesPerSecond,
    seconds: 8,
    maxSeconds: 120,
    stop: () => reconnected,
    token,
    nextSeq,
    pick: () => {
      const userId = targets[Math.floor(Math.random() * targets.length)] as number;
      const pair = partnerOf.get(userId) as Pair;
      return { conversationId: pair.conversationId, sender: pair.a === userId ? pair.b : pair.a };
    },
  });
  await outage;
  await drainDatabase(db, 120_000, 120_000);
  await sleep(3_000);
  const afterReconnect = await workers.all(() => ({ cmd: 'collect' }), 'collected');
  const received = new Map<number, [number, boolean][]>();
  for (const reply of afterReconnect) {
    for (const [user, list] of Object.entries(reply?.notifications ?? {})) {
      received.set(Number(user), list);
    }
  }
  const lastUsers = Object.keys(last).map(Number);
  const { rows: expectedRows } = await db.query<{ user_id: string; id: string }>(
    `select n.user_id, n.id from notifications n
       join unnest($1::bigint[], $2::bigint[]) as l(user_id, last_id)
         on n.user_id = l.user_id and n.id > l.last_id`,
    [lastUsers, lastUsers.map((u) => last[u] ?? 0)],
  );
  let expected = 0;
  let lostNotifications = 0;
  let replayed = 0;
  let live = 0;
  let duplicates = 0;
  const expectedByUser = new Map<number, Set<number>>();
  for (const row of expectedRows) {
    const user = Number(row.user_id);
    const set = expectedByUser.get(user) ?? new Set<number>();
    set.add(Number(row.id));
    expectedByUser.set(user, set);
  }
  for (const [user, ids] of expectedByUser) {
    const frames = (received.get(user) ?? []).filter(([id]) => id > (last[user] ?? 0));
    const seen = new Map<number, boolean>();
    for (const [id, replay] of frames) {
      if (seen.has(id)) duplicates += 1;
      seen.set(id, (seen.get(id) ?? false) || replay);
    }
    for (const id of ids) {
      expected += 1;
      if (!seen.has(id)) lostNotifications += 1;
      else if (seen.get(id)) replayed += 1;
      else live += 1;
    }
  }
  const duringOk = during.sends.filter((s) => s.status === 201).length;
  figures.push(
    {
      metric: `${short}: reconnect of ${dropped.length.toLocaleString('en-US')} sockets (${100 / RECONNECT_SHARE}%)`,
      value: reconnectOk,
      digits: 0,
      target: { text: `${dropped.length}`, met: reconnectOk === dropped.length },
      note: `in ${(reconnectMs / 1000).toFixed(1)} s, ${reconnectFailed} failed${reconnectErrors.length ? ` (${reconnectErrors.join('; ')})` : ''}; ${duringOk.toLocaleString('en-US')} of ${during.sends.length.toLocaleString('en-US')} messages to these users answered 201 during ${during.seconds.toFixed(1)} s${duringOk < during.sends.length ? ` (${describeFailures(during.sends)})` : ''}`,
    },
    {
      metric: `${short}: notifications lost across the reconnect`,
      value: lostNotifications,
      digits: 0,
      target: { text: '= 0', met: lostNotifications === 0 && expected > 0 },
      note: `${expected.toLocaleString('en-US')} created after each socket's last seen id: ${replayed.toLocaleString('en-US')} replayed, ${live.toLocaleString('en-US')} live; ${duplicates} duplicates`,
    },
  );

  if (options.polling) {
    // What one server answers for the two polled routes, to set against N × 2 / 1.5 s.
    const sample = open[0] as Pair;
    const access = await token(sample.a);
    const poll = async (route: string) =>
      loadWithHeaders({
        url: `${options.sendUrl}${route}`,
        headers: { authorization: `Bearer ${access}` },
        connections: scaleSettings.connections,
        durationSeconds: 5,
      });
    const conversations = await poll('/api/messaging/conversations/');
    const notifications = await poll('/api/notifications/');
    const capacity =
      2 / (1 / conversations.requestsPerSecond + 1 / notifications.requestsPerSecond);
    const needed = (ok * 2) / POLL_INTERVAL_SECONDS;
    figures.push({
      metric: `${short}: one server's capacity for the polled routes`,
      value: capacity,
      unit: 'req/s',
      digits: 0,
      note: `GET conversations ${conversations.requestsPerSecond.toFixed(0)}/s, GET notifications ${notifications.requestsPerSecond.toFixed(0)}/s alone (autocannon ${scaleSettings.connections} connections, 5 s, with the sockets open); polling ${ok.toLocaleString('en-US')} clients needs ${(needed / capacity).toFixed(1)}× that`,
    });
  }

  setup.push(`${label}: sockets on ${options.wsServer.url}, messages sent to ${options.sendUrl}`);
  return { figures, setup };
}

export const realtime: Benchmark = {
  name: 'realtime',
  title: 'Live sockets: many authenticated /ws/notifications/ sockets, message delivery, reconnect',
  async run(context) {
    const secretKey = randomBytes(32).toString('hex');
    const requested = scaleSettings.sockets - (scaleSettings.sockets % 2);
    let serverA: RunningServer | undefined = await startServer({ env: { SECRET_KEY: secretKey } });
    const dataDir = serverA.dataDir;
    let serverB: ExtraServer | undefined;
    let workers: Workers | undefined;
    const db = await connectDatabase(dataDir);
    try {
      const setup: string[] = [];
      const figures: Figure[] = [];

      // How many sockets one process can hold here: its open-file limit.
      const fds = await fileDescriptors(serverA.pid);
      const fit = Math.max(2, fds.limit - fds.open - SERVER_FD_HEADROOM);
      const n = Math.min(requested, fit - (fit % 2));
      if (n < requested) {
        setup.push(
          `sockets: ${n.toLocaleString('en-US')} of the ${requested.toLocaleString('en-US')} asked for: the server process may open ${fds.limit.toLocaleString('en-US')} files (RLIMIT_NOFILE) and already holds ${fds.open}, less ${SERVER_FD_HEADROOM} kept for its database pool, Redis and files`,
        );
      }

      // N users sharing one real Argon2id hash, in N/2 conversations (pairs).
      const first = await signUp(serverA.url, 'rt_signup');
      const [pairs, generateMs] = await timed(async () => {
        await db.query(
          `insert into users (username, email, password_hash)
           select 'rt_' || g, 'rt_' || g || '@example.com',
                  (select password_hash from users where id = $1)
             from generate_series(1, $2::int) g`,
          [first.id, n],
        );
        await db.query(
          `insert into conversations (user_low_id, user_high_id)
           select u.id, u.id + 1 from users u
            where u.username like 'rt\\_%' and u.id <> $1
              and (u.id - (select min(id) from users where username like 'rt\\_%' and id <> $1)) % 2 = 0`,
          [first.id],
        );
        await db.query('vacuum analyze');
        const { rows } = await db.query<{ id: string; low: string; high: string }>(
          `select id, user_low_id as low, user_high_id as high from conversations order by id`,
        );
        return rows.map((r) => ({
          conversationId: Number(r.id),
          a: Number(r.low),
          b: Number(r.high),
        }));
      });
      const users = pairs.flatMap((p) => [p.a, p.b]);
      workers = new Workers(Math.ceil(users.length / SOCKETS_PER_WORKER));
      setup.push(
        `${users.length.toLocaleString('en-US')} users and ${pairs.length.toLocaleString('en-US')} conversations (pairs) generated in SQL in ${(generateMs / 1000).toFixed(1)} s; access tokens minted with the deployment's SECRET_KEY (HS256, as the server issues them)`,
        `${workers.count} client processes (socket-worker.ts, ws library, no compression), each from its own 127.0.0.x source address; first frame {type:'auth', token}, counted when auth_ok arrives`,
        `messages: POST …/send_message/ {text} at ${scaleSettings.messagesPerSecond}/s (open loop) for ${WARMUP_SECONDS} + ${context.durationSeconds} s into random conversations, random side, then again at a tenth of that rate; the first ${WARMUP_SECONDS} s are reported apart (warm-up); latency = recipient's 'message' frame time − send start (wall clock, shared by the processes)`,
        `reconnect: every ${RECONNECT_SHARE}th socket is terminated (no close handshake) 1 s into 8+ s of messages addressed to those users, reconnects 2 s later with {type:'auth', token, last_notification_id}; their notifications after the last id each had seen are read from the database and matched with the frames received (live or replay: true)`,
      );

      const one = await runPhase({
        label: 'one instance',
        short: '1 instance',
        wsServer: serverA,
        sendUrl: serverA.url,
        workers,
        addressBase: 20,
        users,
        pairs,
        key: await jwtKey(dataDir, secretKey),
        db,
        durationSeconds: context.durationSeconds,
        p99TargetMs: 100,
        requested,
        idle: true,
        polling: true,
      });
      figures.push(...one.figures);
      setup.push(...one.setup);
      await workers.all(() => ({ cmd: 'close' }), 'closed');
      sendAgent.destroy();

      if (await redisAvailable()) {
        // Two instances on one database and one Redis: A restarted with REDIS_URL, B beside it.
        await serverA.stop();
        serverA = undefined;
        const env = { SECRET_KEY: secretKey, REDIS_URL: `redis://${REDIS.host}:${REDIS.port}` };
        serverA = await startServer({ dataDir, env });
        serverB = await startServerOn(await embeddedDatabaseUrl(dataDir), env);
        await db.end();
        const db2 = await connectDatabase(dataDir);
        try {
          const two = await runPhase({
            label: 'two instances through Redis',
            short: '2 instances',
            wsServer: serverB,
            sendUrl: serverA.url,
            workers,
            addressBase: 40,
            users,
            pairs,
            key: await jwtKey(dataDir, secretKey),
            db: db2,
            durationSeconds: context.durationSeconds,
            p99TargetMs: 150,
            requested,
            idle: false,
            polling: false,
          });
          figures.push(...two.figures);
          setup.push(
            ...two.setup,
            "both instances: the same SECRET_KEY and REDIS_URL=redis://127.0.0.1:6379; B uses DATABASE_URL = A's embedded PostgreSQL",
          );
          await workers.all(() => ({ cmd: 'close' }), 'closed');
        } finally {
          await db2.end().catch(() => undefined);
        }
      } else {
        setup.push('two instances: skipped, no Redis answers on 127.0.0.1:6379');
      }
      return { name: this.name, title: this.title, setup, figures };
    } finally {
      sendAgent.destroy();
      workers?.stop();
      await db.end().catch(() => undefined);
      await serverB?.stop();
      await serverA?.stop();
      await removeDataDir(dataDir);
    }
  },
};
