import { chromium, type Browser, type Page } from 'playwright-core';
import { makeDataDir, removeDataDir, startServer } from './lib/server.ts';
import { benchPages, makeVisitor, type Visitor } from './lib/visitor.ts';

/**
 * First-visit bytes of the landing page, /login, the feed and a profile: what a fresh Chromium
 * context (empty cache) downloads for the JS and CSS each page loads — every request the
 * network saw, modulepreloads included — as transferred (encoded) body bytes against their
 * decoded size, and whether the page's JS stays within the budget of issue 20 (150 KiB).
 * Run after `npm run build`: `npx node bench/src/first-visit.ts [page…]` (landing, login,
 * feed, profile). Needs the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium), as
 * the e2e tests do. ACCEPT_ENCODING=gzip stands in for a client without brotli or zstd
 * (Chromium sends `gzip, deflate, br, zstd`); VERBOSE=1 lists every file.
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ACCEPT_ENCODING = process.env.ACCEPT_ENCODING;
const VERBOSE = process.env.VERBOSE === '1';
const JS_BUDGET_BYTES = 150 * 1024;

type Loaded = { url: string; type: string; encoding: string; transferred: number; decoded: number };

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * The encoded body's size. Chromium reports -1 when it did not count it (a response that
 * finished while the page navigated on, seen now and then on the same file); the server's
 * Content-Length, which for a static file is its encoded size, stands in then.
 */
function transferredBytes(reported: number, headers: Record<string, string>): number {
  if (reported >= 0) return reported;
  const length = Number(headers['content-length']);
  if (Number.isFinite(length)) return length;
  throw new Error('a response with neither a counted body nor a Content-Length');
}

/** What tells that the app really ran on those bytes, per page. */
async function pageIsUp(page: Page, name: string): Promise<void> {
  const ready = {
    login: page.locator('input[type="password"]'),
    landing: page.locator('h1'),
    feed: page.getByText('Benchmark post number 5'),
    profile: page.getByText('Benchmark post number 5'),
  }[name];
  await (ready ?? page.locator('main')).first().waitFor({ timeout: 15_000 });
}

async function visit(
  browser: Browser,
  baseUrl: string,
  target: { name: string; path: string; signedIn: boolean },
  visitor: Visitor,
): Promise<Loaded[]> {
  const context = await browser.newContext({
    extraHTTPHeaders: ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {},
  });
  // The session is in storage before the first byte, as for a returning visitor.
  if (target.signedIn) {
    await context.addInitScript(
      (session) => localStorage.setItem('user', session),
      visitor.session,
    );
  }
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
          transferred: transferredBytes(sizes.responseBodySize, headers),
          decoded: body.length,
        };
      })(),
    );
  });
  await page.goto(`${baseUrl}${target.path}`, { waitUntil: 'networkidle' });
  await pageIsUp(page, target.name);
  const files = (await Promise.all(loaded)).filter((file) => file !== undefined);
  await context.close();
  return files;
}

function report(name: string, files: Loaded[]): boolean {
  if (VERBOSE) {
    for (const file of files) {
      console.log(
        `  ${file.type.padEnd(10)} ${file.encoding.padEnd(8)} ${kib(file.transferred).padStart(10)} ` +
          `of ${kib(file.decoded).padStart(10)}  ${file.url}`,
      );
    }
  }
  const sum = (list: Loaded[], pick: (file: Loaded) => number) =>
    list.reduce((n, file) => n + pick(file), 0);
  const scripts = files.filter((file) => file.type === 'script');
  const styles = files.filter((file) => file.type === 'stylesheet');
  const js = sum(scripts, (f) => f.transferred);
  const pass = js <= JS_BUDGET_BYTES;
  console.log(
    `${name.padEnd(8)} JS ${scripts.length} files ${kib(js).padStart(10)} (of ` +
      `${kib(sum(scripts, (f) => f.decoded))} decoded), CSS ${kib(sum(styles, (f) => f.transferred))}` +
      `  ${pass ? 'PASS' : 'FAIL'} (budget ${kib(JS_BUDGET_BYTES)} JS)`,
  );
  return pass;
}

const wanted = process.argv.slice(2);
const dataDir = await makeDataDir();
const server = await startServer({ dataDir });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  const visitor = await makeVisitor(server.url);
  const targets = benchPages(visitor).filter(
    (target) => wanted.length === 0 || wanted.includes(target.name),
  );
  let allPass = true;
  for (const target of targets) {
    allPass = report(target.name, await visit(browser, server.url, target, visitor)) && allPass;
  }
  console.log(allPass ? 'All pages within the JS budget.' : 'Some pages exceed the JS budget.');
} finally {
  await browser.close();
  await server.stop();
  await removeDataDir(dataDir);
}
