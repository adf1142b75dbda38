import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PAGE_ONLY = [
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'cross-origin-opener-policy',
];

describe('security headers', () => {
  it('give pages and files the page policy: where images, media and sockets may come from', async () => {
    for (const url of ['/robots.txt', '/no-such-page.png', '/api/docs']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("img-src 'self' data: blob:");
      expect(csp, url).toContain("connect-src 'self' ws: wss:");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
      for (const name of PAGE_ONLY) expect(res.headers[name], `${url} ${name}`).toBeDefined();
    }
  });

  it("give the API's answers, errors and unknown routes included, the API's own set", async () => {
    for (const url of ['/api/', '/api/posts/', '/api/no-such-route/']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toContain('max-age=');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      // Nothing may load from, or frame, an answer opened as a page.
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      for (const name of PAGE_ONLY) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
  });
});
