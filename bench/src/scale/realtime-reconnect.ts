import type pg from 'pg';
import type { Figure } from '../lib/report.ts';
import { drainDatabase, sleep } from './common.ts';
import { scaleSettings } from './settings.ts';
import {
  CONNECT_CONCURRENCY,
  describeFailures,
  pacedSends,
  type Pair,
  type Workers,
} from './realtime-transport.ts';

/** The share of sockets dropped and brought back: every RECONNECT_SHARE-th. */
export const RECONNECT_SHARE = 10;

/**
 * Drops every RECONNECT_SHARE-th socket like a lost network, keeps messaging those users, lets
 * them come back with last_notification_id, and compares what they got with the database.
 */
export async function measureReconnect(options: {
  short: string;
  users: number[];
  open: Pair[];
  workers: Workers;
  db: pg.Client;
  token: (userId: number) => Promise<string>;
  nextSeq: () => number;
  byWorker: (ids: number[]) => number[][];
  connect: {
    url: string;
    key: string;
    addressBase: number;
    sessionsOf: (ids: number[]) => Record<number, number>;
  };
  sendUrl: string;
}): Promise<Figure[]> {
  const { short, users, open, workers, db, token, nextSeq, byWorker, connect, sendUrl } = options;
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
        url: connect.url,
        key: connect.key,
        users: droppedSlices[i] ?? [],
        sessions: connect.sessionsOf(droppedSlices[i] ?? []),
        localAddress: `127.0.0.${connect.addressBase + 10 + i}`,
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
    url: sendUrl,
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
  return [
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
  ];
}
