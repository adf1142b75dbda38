import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { now, postWithToken } from './common.ts';
import type { Command, Reply } from './socket-worker.ts';

/** The Redis the two-instance phase shares (the machine's own). */
export const REDIS = { host: '127.0.0.1', port: 6379 };
/** Sockets each worker opens at once. */
export const CONNECT_CONCURRENCY = 48;

/** Two users and their conversation. */
export type Pair = { conversationId: number; a: number; b: number };

/** The socket-holding child processes (socket-worker.ts), and a request/answer over IPC. */
export class Workers {
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

export function redisAvailable(): Promise<boolean> {
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

export type Send = { seq: number; sentAt: number; status: number; ms: number; failure?: string };

/**
 * The senders' HTTP connections: at most SEND_CONNECTIONS, kept alive. Bounded, because in the
 * one-instance phase they share the server's open-file limit with the sockets; when the server
 * falls behind, further sends wait here, and their latency counts the wait.
 */
const SEND_CONNECTIONS = 64;
export const sendAgent = new http.Agent({ keepAlive: true, maxSockets: SEND_CONNECTIONS });

/** "code: count" of sends that got no 201. */
export function describeFailures(sends: Send[]): string {
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
export async function pacedSends(options: {
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
