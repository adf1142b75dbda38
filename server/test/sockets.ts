import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** Helpers for socket tests: a listening app, a recording client, waits for frames. */

/** A parsed frame; text that is not JSON is kept as `{ type: '(text)', text }`. */
export type Frame = { type: string; [key: string]: unknown };
export type Closed = { code: number; reason: string };

/** How long a test waits for a frame or a close before failing: generous, never a timing check. */
export const FRAME_WAIT_MS = 5_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Makes the app listen on a free port of 127.0.0.1 (once) and answers its bases. The app's
 * `close()` (the test app's `close`) stops the listening server.
 */
export async function listen(app: FastifyInstance): Promise<{ http: string; ws: string }> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { http: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}` };
}

const openSockets = new Set<TestSocket>();

/** A WebSocket client that records every frame and its close, for assertions. */
export class TestSocket {
  readonly ws: WebSocket;
  /** Every text frame as received. */
  readonly texts: string[] = [];
  /** Every frame, parsed. */
  readonly frames: Frame[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<Closed>;
  private closeInfo: Closed | undefined;

  constructor(url: string, options: WebSocket.ClientOptions = {}) {
    this.ws = new WebSocket(url, options);
    openSockets.add(this);
    // A refused or broken connection shows up as a close; keep 'error' from throwing.
    this.ws.on('error', () => undefined);
    this.ws.on('message', (data: WebSocket.RawData) => {
      const text = Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Array.isArray(data)
          ? Buffer.concat(data).toString('utf8')
          : Buffer.from(data).toString('utf8');
      this.texts.push(text);
      try {
        const parsed: unknown = JSON.parse(text);
        this.frames.push(
          parsed && typeof parsed === 'object' && 'type' in parsed
            ? (parsed as Frame)
            : { type: '(json)', value: parsed },
        );
      } catch {
        this.frames.push({ type: '(text)', text });
      }
    });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('close', (code) => reject(new Error(`socket closed (${code}) before opening`)));
    });
    // Tests that expect a close before open await `closed` instead.
    this.opened.catch(() => undefined);
    this.closed = new Promise((resolve) => {
      this.ws.once('close', (code: number, reason: Buffer) => {
        this.closeInfo = { code, reason: reason.toString('utf8') };
        openSockets.delete(this);
        resolve(this.closeInfo);
      });
    });
  }

  /** Sends an object as JSON; a string or Buffer as it is. */
  send(frame: unknown): void {
    this.ws.send(
      typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame),
    );
  }

  /** How many frames have arrived so far: pass it as `since` to wait for later ones only. */
  mark(): number {
    return this.frames.length;
  }

  /** The first frame (at or after `since`) that matches, waiting up to FRAME_WAIT_MS for it. */
  async waitFor(
    predicate: (frame: Frame) => boolean,
    options: { since?: number; what?: string } = {},
  ): Promise<Frame> {
    const deadline = Date.now() + FRAME_WAIT_MS;
    for (;;) {
      const found = this.frames.slice(options.since ?? 0).find(predicate);
      if (found) return found;
      if (Date.now() > deadline || this.closeInfo) {
        throw new Error(
          `no ${options.what ?? 'matching frame'} arrived${this.closeInfo ? ` (socket closed ${this.closeInfo.code})` : ''}; got ${JSON.stringify(this.frames)}`,
        );
      }
      await delay(20);
    }
  }

  /** The first frame of `type` (at or after `since`). */
  waitForType(type: string, since?: number): Promise<Frame> {
    return this.waitFor((frame) => frame.type === type, { since, what: `'${type}' frame` });
  }

  /** The close code and reason, waiting up to FRAME_WAIT_MS for the server to close. */
  async waitForClose(): Promise<Closed> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`socket still open; frames ${JSON.stringify(this.frames)}`)),
        FRAME_WAIT_MS,
      );
    });
    try {
      return await Promise.race([this.closed, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Closes from this side (or ends a half-open socket) and waits until it is closed. */
  async close(): Promise<void> {
    if (this.closeInfo) return;
    if (this.ws.readyState === WebSocket.CONNECTING || this.ws.readyState === WebSocket.OPEN) {
      this.ws.close(1000);
    }
    const timer = setTimeout(() => this.ws.terminate(), 2_000);
    await this.closed;
    clearTimeout(timer);
  }
}

/** Every socket of this test file that is still open, closed: call in afterAll. */
export async function closeAllSockets(): Promise<void> {
  await Promise.all([...openSockets].map((socket) => socket.close()));
}

/** `/ws/notifications/` of a listening app, opened but not yet authenticated. */
export function notificationSocket(wsBase: string, options: WebSocket.ClientOptions = {}) {
  return new TestSocket(`${wsBase}/ws/notifications/`, options);
}

/**
 * An authenticated notification socket: sends `{type:'auth', token, ...extra}` and waits for the
 * `unread_counts` frame that ends the server's greeting (after auth_ok and any replay).
 */
export async function authedSocket(
  wsBase: string,
  token: string,
  extra: Record<string, unknown> = {},
): Promise<TestSocket> {
  const socket = notificationSocket(wsBase);
  await socket.opened;
  socket.send({ type: 'auth', token, ...extra });
  await socket.waitForType('unread_counts');
  return socket;
}

/**
 * Round-trips a ping on a notification socket. The server writes frames in order, so every frame
 * it sent before answering this ping has arrived once the pong is here.
 */
export async function sync(socket: TestSocket): Promise<void> {
  const since = socket.mark();
  socket.send({ type: 'ping' });
  await socket.waitForType('pong', since);
}
