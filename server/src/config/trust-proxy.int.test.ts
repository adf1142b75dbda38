import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

/**
 * TRUST_PROXY over real TCP connections from 127.0.0.1: X-Forwarded-For names the client only
 * when the connection comes from a listed proxy. Seen through the per-address limit on password
 * reset requests (10 an hour), which a client must not dodge by making up addresses.
 */
const RESETS_PER_ADDRESS = 10;

async function listening(trustProxy: string): Promise<{ t: TestApp; url: string }> {
  const t = await buildTestApp({ TRUST_PROXY: trustProxy });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, url };
}

/** Asks for a password reset as `forwardedFor` would; answers the status codes in order. */
async function resetRequests(url: string, forwardedFor: (i: number) => string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await fetch(`${url}/api/auth/password-reset/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor(i) },
      body: JSON.stringify({ email: `nobody-${i}@example.com` }),
    });
    statuses.push(res.status);
  }
  return statuses;
}

const rotating = (i: number) => `203.0.113.${i + 1}`;

describe('TRUST_PROXY listing the loopback address the requests come from', () => {
  let server: { t: TestApp; url: string };
  beforeAll(async () => {
    server = await listening('127.0.0.1');
  });
  afterAll(() => server.t.close());

  it('takes the client address from X-Forwarded-For: each forwarded client has its own limit', async () => {
    const statuses = await resetRequests(server.url, rotating, RESETS_PER_ADDRESS + 2);
    expect(statuses).toEqual(Array(RESETS_PER_ADDRESS + 2).fill(200));
  });

  it('trusts only the proxy’s own hop: addresses the client prepended do not dodge the limit', async () => {
    const statuses = await resetRequests(
      server.url,
      (i) => `198.51.100.${i + 1}, 192.0.2.77`,
      RESETS_PER_ADDRESS + 1,
    );
    expect(statuses.slice(0, RESETS_PER_ADDRESS)).toEqual(Array(RESETS_PER_ADDRESS).fill(200));
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('TRUST_PROXY listing another address than the requests come from', () => {
  let server: { t: TestApp; url: string };
  beforeAll(async () => {
    server = await listening('10.0.0.0/8');
  });
  afterAll(() => server.t.close());

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    const statuses = await resetRequests(server.url, rotating, RESETS_PER_ADDRESS + 1);
    expect(statuses.slice(0, RESETS_PER_ADDRESS)).toEqual(Array(RESETS_PER_ADDRESS).fill(200));
    expect(statuses.at(-1)).toBe(429);
  });
});
