import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { baseUrl, type Tokens } from './server.ts';

/**
 * The system Chromium (Debian's package), driven by playwright-core. One browser per test
 * file; every test gets a fresh context (own storage, no shared session) and page.
 */

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** What a failed test leaves for a person to open: screenshots and a trace (git-ignored). */
const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '..', '..', 'artifacts');
/** E2E_TRACE=0 skips the Playwright trace (screenshots are still kept). */
const TRACING = process.env.E2E_TRACE !== '0';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export type BrowserHarness = {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
};

type Viewport = { width: number; height: number };

function slug(text: string): string {
  return text
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/**
 * Registers the hooks of a test file and returns live accessors for the current test's
 * browser, context and page. On failure the page's URL, the browser console's errors and the
 * paths of a screenshot of each open page and of a Playwright trace (`e2e/artifacts/`) are
 * reported.
 */
export function useBrowser(
  options: {
    viewport?: Viewport;
    /** 'block' for a test that routes the app's assets: the service worker would answer them. */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): BrowserHarness {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });

  beforeEach(async () => {
    if (!browser) throw new Error('The browser did not start');
    context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: options.viewport ?? DESKTOP,
      serviceWorkers: options.serviceWorkers ?? 'allow',
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    // Fail fast with Playwright's own message instead of at the test's 60 s timeout.
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(20_000);
    // Screenshots and DOM snapshots of each action, kept only if the test fails.
    if (TRACING) await context.tracing.start({ screenshots: true, snapshots: true });
    page = await context.newPage();
    consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`page error: ${error.message}`));
  });

  afterEach(async (ctx) => {
    const failed = (ctx.task.result?.errors?.length ?? 0) > 0;
    if (failed && browser) {
      const file = ctx.task.file.name.replace(/^.*\//, '').replace(/\.e2e\.test\.ts$/, '');
      const dir = path.join(ARTIFACTS_DIR, file, slug(ctx.task.name));
      const lines = await keepArtifacts(browser, context, dir, page);
      console.error(
        [
          `[e2e] "${ctx.task.name}" failed${page && !page.isClosed() ? ` at ${page.url()}` : ''}`,
          ...lines.map((line) => `[e2e] ${line}`),
          ...consoleErrors.map((line) => `[e2e] ${line}`),
        ].join('\n'),
      );
    } else if (TRACING) {
      await context?.tracing.stop().catch(() => undefined);
    }
    await context?.close();
    context = undefined;
    page = undefined;
  });

  return {
    get browser() {
      if (!browser) throw new Error('No browser: use the harness inside a test');
      return browser;
    },
    get context() {
      if (!context) throw new Error('No browser context: use the harness inside a test');
      return context;
    },
    get page() {
      if (!page) throw new Error('No page: use the harness inside a test');
      return page;
    },
  };
}

/**
 * A screenshot of every page still open (the test's own and any other person's it opened) and
 * the harness context's trace, in `dir`; answers a line per file saying how to open it.
 */
async function keepArtifacts(
  browser: Browser,
  context: BrowserContext | undefined,
  dir: string,
  page: Page | undefined,
): Promise<string[]> {
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(dir, { recursive: true });
  const lines: string[] = [];
  const pages = browser.contexts().flatMap((each) => each.pages());
  // The test's own page first, so page-1.png is the one its assertions were about.
  pages.sort((a, b) => Number(b === page) - Number(a === page));
  for (const [index, each] of pages.entries()) {
    const file = path.join(dir, `page-${index + 1}.png`);
    const taken = await each.screenshot({ path: file, fullPage: true }).then(
      () => true,
      () => false,
    );
    if (taken) lines.push(`screenshot: ${file} (${each.url()})`);
  }
  if (TRACING && context) {
    const file = path.join(dir, 'trace.zip');
    const saved = await context.tracing.stop({ path: file }).then(
      () => true,
      () => false,
    );
    if (saved) lines.push(`trace: ${file} (open: npx playwright-core show-trace ${file})`);
  }
  return lines;
}

/** The stored session as the web app keeps it: localStorage key `user`, {access, refresh}. */
const SESSION_KEY = 'user';

/**
 * Puts a session into the page's origin storage, as a login would, then leaves the page on
 * the signed-in app. Uses /health because it is open to everyone.
 */
export async function storeSession(page: Page, tokens: Tokens): Promise<void> {
  await page.goto('/health');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    SESSION_KEY,
    JSON.stringify({ access: tokens.access, refresh: tokens.refresh }),
  ] as const);
}

/** The stored session of the page's origin, parsed; null when there is none. */
export async function readSession(page: Page): Promise<unknown> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
  return raw === null ? null : (JSON.parse(raw) as unknown);
}
