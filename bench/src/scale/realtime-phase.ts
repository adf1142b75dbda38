import type pg from 'pg';
import { below, type Figure } from '../lib/report.ts';
import { summarize } from '../lib/stats.ts';
import {
  drainDatabase,
  fileDescriptors,
  MiB,
  mintAccessToken,
  openSessions,
  rssBytes,
  sampleRss,
  sleep,
  timed,
} from './common.ts';
import { loadWithHeaders } from './load.ts';
import { measureReconnect } from './realtime-reconnect.ts';
import {
  CONNECT_CONCURRENCY,
  describeFailures,
  pacedSends,
  type Pair,
  type Send,
  type Workers,
} from './realtime-transport.ts';
import { scaleSettings } from './settings.ts';

const IDLE_SECONDS = 30;
const MEMORY_TARGET_BYTES = 1.5 * 1024 ** 3;
const POLL_INTERVAL_SECONDS = 1.5;
/** The second, unsaturated send rate is the target rate divided by this. */
const GENTLE_DIVISOR = 10;
/** Sends at the measured rate before the measured window; reported apart. */
export const WARMUP_SECONDS = 3;

export type PhaseResult = { figures: Figure[]; setup: string[] };

export async function runPhase(options: {
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
  const sessionsOf = (ids: number[]) =>
    Object.fromEntries(ids.map((id) => [id, sessions.get(id) ?? 0]));
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
        sessions: sessionsOf(slices[i] ?? []),
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

  figures.push(
    ...(await measureReconnect({
      short,
      users,
      open,
      workers,
      db,
      token,
      nextSeq,
      byWorker,
      connect: { url: wsUrl, key: keyB64, addressBase: options.addressBase, sessionsOf },
      sendUrl: options.sendUrl,
    })),
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
