import { randomBytes } from 'node:crypto';
import type { Benchmark } from '../lib/benchmark.ts';
import type { Figure } from '../lib/report.ts';
import { removeDataDir, startServer, type RunningServer } from '../lib/server.ts';
import {
  connectDatabase,
  embeddedDatabaseUrl,
  fileDescriptors,
  jwtKey,
  signUp,
  startServerOn,
  timed,
  type ExtraServer,
} from './common.ts';
import { runPhase, WARMUP_SECONDS } from './realtime-phase.ts';
import { RECONNECT_SHARE } from './realtime-reconnect.ts';
import { redisAvailable, REDIS, sendAgent, Workers } from './realtime-transport.ts';
import { scaleSettings } from './settings.ts';

const SOCKETS_PER_WORKER = 8_000;
/** File descriptors a server keeps for itself besides sockets: pool, Redis, logs, files. */
const SERVER_FD_HEADROOM = 300;

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
