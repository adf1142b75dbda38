import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { png } from '../../test/media.ts';
import { multipart } from '../../test/multipart.ts';
import { authedSocket, closeAllSockets, listen, sync } from '../../test/sockets.ts';

/**
 * Request deadlines over real connections, shortened for the test: an ordinary request must
 * arrive whole within 1 s, a signed-in upload within 4 s. A client trickling its body slower
 * is answered 408 and cut off; requests arriving in time, and idle keep-alive connections
 * between requests, are left alone.
 */
const REQUEST_MS = 1000;
const UPLOAD_MS = 4000;

let t: TestApp;
let port: number;
let user: TestUser;
beforeAll(async () => {
  t = await buildTestApp({
    HTTP_REQUEST_TIMEOUT: String(REQUEST_MS / 1000),
    HTTP_UPLOAD_TIMEOUT: String(UPLOAD_MS / 1000),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  user = await buildUser(t);
});
afterAll(async () => {
  await closeAllSockets();
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Exchange = {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received: () => string;
  /** Resolves with the milliseconds from the start when the server closes the connection. */
  closed: Promise<number>;
};

function connect(): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    // The server may reset a connection it cut while bytes were still coming in.
    socket.on('error', () => undefined);
    const closed = new Promise<number>((done) =>
      socket.on('close', () => done(Date.now() - startedAt)),
    );
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

/**
 * Sends the headers at once, then the body a few bytes at a time, spread evenly over `overMs`.
 * Stops when the server closes the connection.
 */
async function trickle(exchange: Exchange, head: string, body: Buffer, overMs: number) {
  exchange.socket.write(head);
  const pieces = 20;
  const size = Math.ceil(body.length / pieces);
  for (let offset = 0; offset < body.length; offset += size) {
    await sleep(overMs / pieces);
    if (exchange.socket.destroyed || exchange.socket.writableEnded) return;
    exchange.socket.write(body.subarray(offset, offset + size));
  }
}

function jsonHead(length: number) {
  return (
    `POST /api/auth/token/ HTTP/1.1\r\nHost: zura.test\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${length}\r\n\r\n`
  );
}

const loginBody = Buffer.from(
  JSON.stringify({ email: 'nobody@example.com', password: 'not the password at all' }),
);

async function uploadParts() {
  return multipart({
    fields: { context: 'post_image' },
    files: [{ name: 'file', filename: 'slow.png', content: await png(), type: 'image/png' }],
  });
}

function uploadHead(body: { payload: Buffer; headers: Record<string, string> }, token?: string) {
  return (
    `POST /api/uploads/ HTTP/1.1\r\nHost: zura.test\r\n` +
    (token ? `Authorization: Bearer ${token}\r\n` : '') +
    `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`
  );
}

describe('an ordinary request', () => {
  it('is answered 408 and cut off when its body trickles in slower than allowed', async () => {
    const exchange = await connect();
    // The body would take 10 s to arrive.
    void trickle(exchange, jsonHead(loginBody.length), loginBody, 10_000);
    const closedAfter = await exchange.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(closedAfter).toBeLessThan(REQUEST_MS + 2000);
    expect(exchange.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(exchange.received()).toContain('The request took too long to arrive.');
  });

  it('is answered when it arrives in time, and the idle keep-alive connection stays open', async () => {
    const exchange = await connect();
    await trickle(exchange, jsonHead(loginBody.length), loginBody, REQUEST_MS / 2);
    await expect.poll(() => exchange.received(), { timeout: 5000 }).toMatch(/^HTTP\/1\.1 401 /);
    // Idle for longer than a request may take: the finished request's deadline is gone.
    await sleep(REQUEST_MS * 1.5);
    expect(exchange.socket.destroyed).toBe(false);
    exchange.socket.write(jsonHead(loginBody.length));
    exchange.socket.write(loginBody);
    await expect
      .poll(() => exchange.received().match(/HTTP\/1\.1 401 /g)?.length, { timeout: 5000 })
      .toBe(2);
    exchange.socket.destroy();
  });
});

describe('an upload', () => {
  it('of a signed-in user may take longer than an ordinary request', async () => {
    const body = await uploadParts();
    const exchange = await connect();
    await trickle(exchange, uploadHead(body, user.access), body.payload, REQUEST_MS * 2);
    await expect.poll(() => exchange.received(), { timeout: 5000 }).toMatch(/^HTTP\/1\.1 201 /);
    exchange.socket.destroy();
  });

  it('is cut off when it trickles in past the upload deadline', async () => {
    const body = await uploadParts();
    const exchange = await connect();
    void trickle(exchange, uploadHead(body, user.access), body.payload, UPLOAD_MS * 3);
    const closedAfter = await exchange.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(UPLOAD_MS - 50);
    expect(closedAfter).toBeLessThan(UPLOAD_MS + 2000);
    expect(exchange.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('without a signed-in user gets only the ordinary deadline', async () => {
    const body = await uploadParts();
    const exchange = await connect();
    void trickle(exchange, uploadHead(body), body.payload, UPLOAD_MS * 3);
    const closedAfter = await exchange.closed;
    expect(closedAfter).toBeLessThan(REQUEST_MS + 2000);
    // Refused at once; the rest of the body was not waited for.
    expect(exchange.received()).toMatch(/^HTTP\/1\.1 401 /);
  });
});

describe('a WebSocket', () => {
  it('stays open past the request deadline: its upgrade request had no body to wait for', async () => {
    const socket = await authedSocket((await listen(t.app)).ws, user.access);
    await sleep(REQUEST_MS * 2);
    await sync(socket);
  });
});
