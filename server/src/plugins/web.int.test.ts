import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import robotsParserModule from 'robots-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildPost, buildUser } from '../../test/factories.ts';

/*
 * The built app as a browser gets it: a fixture build, precompressed by the build's own script
 * (web/precompress.ts), served as `.br` when the request accepts brotli, as `.gz` when it
 * accepts only gzip and as the file itself otherwise; the bytes always decompress to the
 * file as built. `index.html` is `no-cache` on every path that answers with it.
 */
// robots-parser's types declare an ES default export; under Node it is `module.exports` itself.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

const PRECOMPRESS = path.resolve(import.meta.dirname, '..', '..', '..', 'web', 'precompress.ts');
const BR = 'gzip, deflate, br, zstd';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Text that compresses like a real bundle: repeated, but not trivially so. */
const filler = (label: string, lines: number) =>
  Array.from({ length: lines }, (_, i) => `${label}(${i}, "${(i * 7919) % 1000}");`).join('\n');
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Zura</title>
    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-Ef56Gh78.css">
    <!-- ${filler('pad', 60)} -->
  </head>
  <body><div id="root"></div></body>
</html>
`;
const JS = `export function start() {}\n${filler('console.log', 400)}\n`;
const CSS = filler('.c { color: red } /* x */ .d', 300);

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'index.html'), INDEX);
  await fs.writeFile(path.join(webDir, 'assets', 'index-Ab12Cd34.js'), JS);
  await fs.writeFile(path.join(webDir, 'assets', 'index-Ef56Gh78.css'), CSS);
  await promisify(execFile)(process.execPath, [PRECOMPRESS, webDir]);
  t = await buildTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return t.request({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

/** The body as the client would read it after undoing `Content-Encoding`. */
function decoded(raw: Buffer, encoding: unknown): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString('utf8');
  if (encoding === 'zstd') return zlib.zstdDecompressSync(raw).toString('utf8');
  expect(encoding).toBeUndefined();
  return raw.toString('utf8');
}

const varies = (vary: unknown) =>
  String(vary)
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token === 'accept-encoding').length;

describe('precompressed assets', () => {
  it('writes a .br and a .gz beside each compressible file at build time', async () => {
    const names = await fs.readdir(path.join(webDir, 'assets'));
    expect(names.sort()).toEqual(
      ['index-Ab12Cd34.js', 'index-Ef56Gh78.css'].flatMap((n) => [n, `${n}.br`, `${n}.gz`]).sort(),
    );
    const root = await fs.readdir(webDir);
    expect(root).toEqual(expect.arrayContaining(['index.html.br', 'index.html.gz']));
  });

  const cases = [
    { accept: BR, encoding: 'br', file: 'index-Ab12Cd34.js.br' },
    { accept: 'gzip, deflate', encoding: 'gzip', file: 'index-Ab12Cd34.js.gz' },
    { accept: 'gzip;q=0.5, br;q=0', encoding: 'gzip', file: 'index-Ab12Cd34.js.gz' },
    { accept: 'identity', encoding: undefined, file: 'index-Ab12Cd34.js' },
    { accept: undefined, encoding: undefined, file: 'index-Ab12Cd34.js' },
  ];
  it.each(cases)('Accept-Encoding $accept gets $encoding', async ({ accept, encoding, file }) => {
    const res = await get('/assets/index-Ab12Cd34.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(varies(res.headers.vary)).toBe(1);
    // The file written at build time, byte for byte: not compressed a second time.
    expect(res.rawPayload.equals(await fs.readFile(path.join(webDir, 'assets', file)))).toBe(true);
    expect(decoded(res.rawPayload, res.headers['content-encoding'])).toBe(JS);
  });

  it('serves stylesheets the same way, with their own content type', async () => {
    const res = await get('/assets/index-Ef56Gh78.css', BR);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(decoded(res.rawPayload, 'br')).toBe(CSS);
  });

  it('falls back to the file itself when no compressed sibling exists', async () => {
    // Too small to gain from compression, so the build wrote no sibling for it.
    const tiny = path.join(webDir, 'assets', 'tiny-Zz99.js');
    await fs.writeFile(tiny, 'export {};\n');
    await promisify(execFile)(process.execPath, [PRECOMPRESS, webDir]);
    await expect(fs.stat(`${tiny}.br`)).rejects.toThrow(/ENOENT/);
    const plain = await get('/assets/tiny-Zz99.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('export {};\n');
    // @fastify/compress may still encode the plain file on the fly: once, and decodably.
    const res = await get('/assets/tiny-Zz99.js', BR);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(decoded(res.rawPayload, res.headers['content-encoding'])).toBe('export {};\n');
  });

  it('still answers a missing hashed asset with a 404, compressed siblings or not', async () => {
    const res = await get('/assets/index-Gone0000.js', BR);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });
});

describe('index.html is no-cache on every path that serves it', () => {
  const paths = ['/', '/login', '/profile/x', '/messages/12', '/no/such/page', '/posts/999999999'];
  it.each(paths)('%s, precompressed and not', async (url) => {
    for (const [accept, encoding] of [
      [BR, 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const res = await get(url, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(decoded(res.rawPayload, res.headers['content-encoding'])).toBe(INDEX);
      // The file written at build time, not the page compressed again per request.
      const sibling = path.join(
        webDir,
        `index.html${encoding === 'br' ? '.br' : encoding ? '.gz' : ''}`,
      );
      expect(res.rawPayload.equals(await fs.readFile(sibling))).toBe(true);
    }
  });

  it('a post page with its share-preview head, compressed per request (its head varies)', async () => {
    const author = await buildUser(t);
    const post = await buildPost(t, author, { content: 'Hello from the preview' });
    const res = await get(`/posts/${post.id}`, 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    const html = decoded(res.rawPayload, 'br');
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<div id="root"></div>');
  });
});

describe('/robots.txt', () => {
  it('lets crawlers into the public pages and a profile, not the API, media or the private app', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    // Read as a crawler reads it (the parser Lighthouse's is-crawlable audit uses).
    const robots = robotsParser('http://zura.test/robots.txt', res.body);
    const allowed = (path: string) => robots.isAllowed(`http://zura.test${path}`, 'Googlebot');
    for (const page of [
      '/',
      '/landing',
      '/landing/creators',
      '/posts/1',
      '/offers/abc',
      '/og/posts/1.jpg',
      '/login',
      '/profile/luna',
      '/profile/42',
    ]) {
      expect(allowed(page), page).toBe(true);
    }
    for (const page of [
      '/api/posts/',
      '/media/abc/original',
      '/messages',
      '/settings',
      '/wallet',
      '/admin',
      '/notifications',
      '/creator/offers',
      '/home',
      '/profile',
      '/profile/edit',
      '/profile/luna/edit',
      '/verify-email?token=x',
      '/reset-password?token=x',
    ]) {
      expect(allowed(page), page).toBe(false);
    }
    // No sitemap exists, so none is announced.
    expect(res.body).not.toMatch(/sitemap/i);
  });
});
