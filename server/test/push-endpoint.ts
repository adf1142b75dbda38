import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/**
 * A push service of our own on 127.0.0.1, standing in for FCM or Mozilla's: it takes the
 * encrypted POSTs the server sends, answers each device's chosen status, and decrypts them with
 * the device's private key, as the browser would.
 */
export type PushedRequest = { headers: IncomingHttpHeaders; body: Buffer };

export type TestDevice = {
  endpoint: string;
  /** What `PushSubscription.toJSON()` would give: the body of `POST /api/push/subscriptions/`. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: PushedRequest[];
  /** The status the push service answers for this device (201 by default). */
  answer: (status: number) => void;
  /** Waits for the `n`th push (1-based) and answers its decrypted JSON. */
  waitForPush: (n?: number) => Promise<unknown>;
};

const WAIT_MS = 15_000;

export async function startPushEndpoint() {
  const devices = new Map<string, { status: number; received: PushedRequest[] }>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const device = devices.get(request.url ?? '');
      if (!device) return void response.writeHead(404).end();
      device.received.push({ headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(device.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function device(): TestDevice {
    const keys: ECDH = createECDH('prime256v1');
    keys.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    const path = `/push/${randomBytes(8).toString('hex')}`;
    const state = { status: 201, received: [] as PushedRequest[] };
    devices.set(path, state);
    const endpoint = `${base}${path}`;
    return {
      endpoint,
      subscription: { endpoint, keys: { p256dh: keys.getPublicKey().toString('base64url'), auth } },
      received: state.received,
      answer: (status) => void (state.status = status),
      async waitForPush(n = 1) {
        const deadline = Date.now() + WAIT_MS;
        while (state.received.length < n) {
          if (Date.now() > deadline) throw new Error(`no push ${n} within ${WAIT_MS} ms`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const pushed = state.received[n - 1] as PushedRequest;
        const plain = decrypt(pushed.body, {
          version: 'aes128gcm',
          privateKey: keys,
          authSecret: auth,
        });
        return JSON.parse(plain.toString('utf8')) as unknown;
      },
    };
  }

  return {
    device,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
