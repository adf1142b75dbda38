import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildPost, buildUser } from '../../test/factories.ts';

/**
 * A cached page's answer is written once and sent again as the same bytes
 * (`response-serializer.ts`): over HTTP it must still be the page, with its length and type,
 * plain or compressed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('sends a reused feed answer whole, plain and gzipped, with its type and length', async () => {
  const author = await buildUser(t);
  for (const content of ['first é', 'second ü']) await buildPost(t, author, { content });
  const fan = await buildUser(t);
  const get = (headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: '/api/posts/?limit=20', token: fan.access, headers });

  const first = await get();
  const again = await get();
  expect(first.statusCode).toBe(200);
  expect(again.body).toBe(first.body);
  expect(again.headers['content-type']).toMatch(/^application\/json/);
  expect(Number(again.headers['content-length'])).toBe(Buffer.byteLength(first.body));
  const posts = again.json() as { content: string }[];
  expect(posts.map((post) => post.content).slice(0, 2)).toEqual(['second ü', 'first é']);

  // Compressed once per encoding and sent again: each time the whole page, with its length.
  for (const [encoding, decompress] of [
    ['gzip', gunzipSync],
    ['br', brotliDecompressSync],
  ] as const) {
    for (let time = 0; time < 2; time += 1) {
      const zipped = await get({ 'accept-encoding': `${encoding}, deflate` });
      expect(zipped.headers['content-encoding']).toBe(encoding);
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
      expect(decompress(zipped.rawPayload).toString('utf8')).toBe(first.body);
    }
  }
  const refused = await get({ 'accept-encoding': 'br;q=0, gzip;q=0' });
  expect(refused.headers['content-encoding']).toBeUndefined();
  expect(refused.body).toBe(first.body);
});
