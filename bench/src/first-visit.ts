import { chromium } from 'playwright-core';
import { makeDataDir, removeDataDir, startServer } from './lib/server.ts';

/**
 * First-visit bytes of /login: what a fresh Chromium downloads for the JS and CSS the page
 * loads (transferred, i.e. encoded, body bytes) against their decoded size, per encoding.
 * Run after `npm run build`: `node bench/src/first-visit.ts`. Needs the system Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium), as the e2e tests do. ACCEPT_ENCODING=gzip
 * stands in for a client without brotli or zstd (Chromium sends `gzip, deflate, br, zstd`).
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGE = '/login';
const ACCEPT_ENCODING = process.env.ACCEPT_ENCODING;

type Loaded = { url: string; type: string; encoding: string; transferred: number; decoded: number };

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const dataDir = await makeDataDir();
const server = await startServer({ dataDir });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  const context = await browser.newContext({
    extraHTTPHeaders: ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {},
  });
  const page = await context.newPage();
  const loaded: Promise<Loaded | undefined>[] = [];
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    loaded.push(
      (async () => {
        const response = await request.response();
        if (!response) return undefined;
        const [sizes, body, headers] = await Promise.all([
          request.sizes(),
          response.body(),
          response.allHeaders(),
        ]);
        return {
          url: new URL(request.url()).pathname,
          type,
          encoding: headers['content-encoding'] ?? 'identity',
          transferred: sizes.responseBodySize,
          decoded: body.length,
        };
      })(),
    );
  });
  await page.goto(`${server.url}${PAGE}`, { waitUntil: 'networkidle' });
  // The figures count only if the app really ran on those bytes: the sign-in form is up.
  await page.locator('input[type="password"]').waitFor({ timeout: 15_000 });
  const files = (await Promise.all(loaded)).filter((file) => file !== undefined);
  for (const file of files) {
    console.log(
      `${file.type.padEnd(10)} ${file.encoding.padEnd(8)} ${kib(file.transferred).padStart(10)} ` +
        `of ${kib(file.decoded).padStart(10)}  ${file.url}`,
    );
  }
  const sum = (pick: (file: Loaded) => number) => files.reduce((n, file) => n + pick(file), 0);
  console.log(
    `${PAGE}: ${files.length} JS/CSS files, ${kib(sum((f) => f.transferred))} transferred ` +
      `(${sum((f) => f.transferred)} B) of ${kib(sum((f) => f.decoded))} decoded`,
  );
} finally {
  await browser.close();
  await server.stop();
  await removeDataDir(dataDir);
}
