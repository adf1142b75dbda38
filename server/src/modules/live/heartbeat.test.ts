import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createHeartbeat } from './heartbeat.ts';

const PERIOD_MS = 300;

describe('heartbeat', () => {
  const cleanups: (() => void)[] = [];
  // The heartbeat's clock is faked (periods pass when the test says so); the sockets are real.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    vi.useRealTimers();
  });

  /** Lets the periods pass, one at a time. */
  const periods = (count: number) => vi.advanceTimersByTime(PERIOD_MS * count);

  /** Resolves once every frame the server sent before now has reached `client` (TCP keeps order). */
  async function flushed(client: WebSocket) {
    const pong = once(client, 'pong');
    client.ping();
    await pong;
  }

  /** A real WebSocket server whose sockets the heartbeat watches, and a way to connect to it. */
  async function serve() {
    const heartbeat = createHeartbeat(PERIOD_MS);
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(server, 'listening');
    const watched: WebSocket[] = [];
    server.on('connection', (socket) => {
      watched.push(socket);
      heartbeat.watch(socket);
      socket.on('close', () => heartbeat.forget(socket));
    });
    cleanups.push(() => {
      heartbeat.stop();
      for (const client of server.clients) client.terminate();
      server.close();
    });
    const { port } = server.address() as AddressInfo;
    const connect = async (options: { autoPong: boolean }) => {
      const client = new WebSocket(`ws://127.0.0.1:${port}`, options);
      let pings = 0;
      client.on('ping', () => (pings += 1));
      const closed = once(client, 'close').then(([code]) => code as number);
      await once(client, 'open');
      return { client, pings: () => pings, closed };
    };
    return { connect, watched, heartbeat };
  }

  it('pings each socket once a period and keeps those that answer', async () => {
    const { connect } = await serve();
    const answering = await connect({ autoPong: true });
    for (let period = 1; period <= 3; period++) {
      periods(1);
      await flushed(answering.client);
      // Exactly once a period: not a burst, and not never.
      expect(answering.pings()).toBe(period);
    }
    expect(answering.client.readyState).toBe(WebSocket.OPEN);
  });

  it('terminates a socket that did not answer the previous ping', async () => {
    const { connect } = await serve();
    const answering = await connect({ autoPong: true });
    const silent = await connect({ autoPong: false });
    periods(1);
    await flushed(answering.client);
    expect(silent.pings()).toBe(1);
    expect(silent.client.readyState).toBe(WebSocket.OPEN);
    periods(1);
    // Terminated without a close frame: the client sees an abnormal closure.
    expect(await silent.closed).toBe(1006);
    expect(answering.client.readyState).toBe(WebSocket.OPEN);
  });

  it('leaves alone a socket it was told to forget', async () => {
    const { connect, watched, heartbeat } = await serve();
    const silent = await connect({ autoPong: false });
    heartbeat.forget(watched[0] as WebSocket);
    periods(3);
    await flushed(silent.client);
    expect(silent.client.readyState).toBe(WebSocket.OPEN);
    expect(silent.pings()).toBe(0);
  });
});
