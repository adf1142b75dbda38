/**
 * A child process holding many authenticated /ws/notifications/ sockets for the realtime
 * benchmark (one process may only open so many files). Driven over IPC by realtime.ts; see the
 * `Command` and `Reply` types. Clocks: `now()` is wall-clock time, comparable across processes.
 */
import { SignJWT } from 'jose';
import WebSocket from 'ws';

export type Command =
  | {
      cmd: 'connect';
      url: string;
      key: string;
      users: number[];
      /** Each user's session id, the `sid` their token names (a token lives only with it). */
      sessions: Record<number, number>;
      localAddress: string;
      concurrency: number;
      lastNotificationIds?: Record<number, number>;
    }
  | { cmd: 'drop'; users: number[] }
  | { cmd: 'track'; users: number[] }
  | { cmd: 'collect' }
  | { cmd: 'close' };

export type Reply =
  | { evt: 'connected'; ok: number; failed: number; errors: string[]; ms: number }
  | { evt: 'dropped'; last: Record<number, number> }
  | { evt: 'tracked' }
  | {
      evt: 'collected';
      /** [message sequence number, arrival time] of each message frame at its recipient. */
      arrivals: [number, number][];
      /** Per tracked user: [notification id, replayed?] of every notification frame. */
      notifications: Record<number, [number, boolean][]>;
      pings: number;
      framesSent: number;
      open: number;
      closedUnexpectedly: number;
    }
  | { evt: 'closed' };

const now = () => performance.timeOrigin + performance.now();
const AUTH_TIMEOUT_MS = 60_000;

type Socket = {
  userId: number;
  ws: WebSocket;
  lastNotificationId: number;
  dropped: boolean;
};

const sockets = new Map<number, Socket>();
const tracked = new Map<number, [number, boolean][]>();
let arrivals: [number, number][] = [];
let pings = 0;
let framesSent = 0;
let closedUnexpectedly = 0;

function reply(message: Reply) {
  process.send?.(message);
}

type Frame = {
  type?: string;
  message?: { sender?: number; text?: string };
  notification?: { id?: number };
  replay?: boolean;
};

function open(
  url: string,
  token: string,
  userId: number,
  localAddress: string,
  lastNotificationId: number | undefined,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {
      localAddress,
      perMessageDeflate: false,
      handshakeTimeout: 60_000,
    });
    const socket: Socket = {
      userId,
      ws,
      lastNotificationId: lastNotificationId ?? sockets.get(userId)?.lastNotificationId ?? 0,
      dropped: false,
    };
    let authed = false;
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('no auth_ok in 60 s'));
    }, AUTH_TIMEOUT_MS);
    ws.on('open', () => {
      const auth: Record<string, unknown> = { type: 'auth', token };
      if (lastNotificationId !== undefined) auth.last_notification_id = lastNotificationId;
      ws.send(JSON.stringify(auth));
      framesSent += 1;
    });
    ws.on('ping', () => {
      pings += 1;
    });
    ws.on('message', (raw: Buffer) => {
      const at = now();
      let frame: Frame;
      try {
        frame = JSON.parse(raw.toString()) as Frame;
      } catch {
        return;
      }
      if (frame.type === 'auth_ok') {
        authed = true;
        clearTimeout(timer);
        sockets.set(userId, socket);
        resolve();
      } else if (frame.type === 'message') {
        const text = frame.message?.text ?? '';
        if (frame.message?.sender !== userId && text.startsWith('rt:')) {
          arrivals.push([Number(text.slice(3)), at]);
        }
      } else if (frame.type === 'notification') {
        const id = frame.notification?.id ?? 0;
        socket.lastNotificationId = Math.max(socket.lastNotificationId, id);
        tracked.get(userId)?.push([id, frame.replay === true]);
      }
    });
    ws.on('error', (error) => {
      if (!authed) {
        clearTimeout(timer);
        reject(error);
      }
    });
    ws.on('close', (code) => {
      if (!authed) {
        clearTimeout(timer);
        reject(new Error(`closed ${code} before auth_ok`));
      } else if (!socket.dropped) {
        closedUnexpectedly += 1;
      }
    });
  });
}

async function connect(command: Extract<Command, { cmd: 'connect' }>) {
  const started = performance.now();
  const key = new Uint8Array(Buffer.from(command.key, 'base64'));
  let next = 0;
  let ok = 0;
  const errors: string[] = [];
  await Promise.all(
    Array.from({ length: command.concurrency }, async () => {
      while (next < command.users.length) {
        const userId = command.users[next] as number;
        next += 1;
        try {
          const token = await new SignJWT({
            user_id: userId,
            token_type: 'access',
            sid: command.sessions[userId],
          })
            .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
            .setSubject(String(userId))
            .setIssuer('zura')
            .setIssuedAt()
            .setJti(crypto.randomUUID())
            .setExpirationTime('3600s')
            .sign(key);
          await open(
            command.url,
            token,
            userId,
            command.localAddress,
            command.lastNotificationIds?.[userId],
          );
          ok += 1;
        } catch (error) {
          errors.push(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  const distinct = [...new Set(errors)].slice(0, 5);
  reply({
    evt: 'connected',
    ok,
    failed: errors.length,
    errors: distinct,
    ms: performance.now() - started,
  });
}

process.on('message', (command: Command) => {
  if (command.cmd === 'connect') {
    void connect(command);
  } else if (command.cmd === 'drop') {
    const last: Record<number, number> = {};
    for (const userId of command.users) {
      const socket = sockets.get(userId);
      if (!socket) continue;
      socket.dropped = true;
      last[userId] = socket.lastNotificationId;
      // Like a lost network: no close handshake.
      socket.ws.terminate();
    }
    reply({ evt: 'dropped', last });
  } else if (command.cmd === 'track') {
    for (const userId of command.users) tracked.set(userId, []);
    reply({ evt: 'tracked' });
  } else if (command.cmd === 'collect') {
    let openCount = 0;
    for (const socket of sockets.values()) {
      if (socket.ws.readyState === WebSocket.OPEN) openCount += 1;
    }
    reply({
      evt: 'collected',
      arrivals,
      notifications: Object.fromEntries(tracked),
      pings,
      framesSent,
      open: openCount,
      closedUnexpectedly,
    });
    arrivals = [];
    pings = 0;
    framesSent = 0;
    for (const userId of tracked.keys()) tracked.set(userId, []);
  } else if (command.cmd === 'close') {
    for (const socket of sockets.values()) {
      socket.dropped = true;
      socket.ws.close(1000, 'bench done');
    }
    setTimeout(() => {
      for (const socket of sockets.values()) socket.ws.terminate();
      sockets.clear();
      reply({ evt: 'closed' });
    }, 1_000);
  }
});

process.on('disconnect', () => process.exit(0));
