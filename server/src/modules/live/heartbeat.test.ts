import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createHeartbeat } from './heartbeat.ts';

const PERIOD_MS = 300;

describe('heartbeat', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

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
    await new Promise((resolve) => setTimeout(resolve, PERIOD_MS * 3.5));
    expect(answering.client.readyState).toBe(WebSocket.OPEN);
    // Once a period: not a burst, and not never (timers may run late on a busy machine).
    expect(answering.pings()).toBeGreaterThanOrEqual(2);
    expect(answering.pings()).toBeLessThanOrEqual(4);
  });

  it('terminates a socket that did not answer the previous ping', async () => {
    const { connect } = await serve();
    const answering = await connect({ autoPong: true });
    const silent = await connect({ autoPong: false });
    // Terminated without a close frame: the client sees an abnormal closure.
    expect(await silent.closed).toBe(1006);
    expect(silent.pings()).toBeGreaterThanOrEqual(1);
    expect(answering.client.readyState).toBe(WebSocket.OPEN);
  });

  it('leaves alone a socket it was told to forget', async () => {
    const { connect, watched, heartbeat } = await serve();
    const silent = await connect({ autoPong: false });
    heartbeat.forget(watched[0] as WebSocket);
    await new Promise((resolve) => setTimeout(resolve, PERIOD_MS * 3));
    expect(silent.client.readyState).toBe(WebSocket.OPEN);
    expect(silent.pings()).toBeLessThanOrEqual(1);
  });
});
