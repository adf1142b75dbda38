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
/** Failure screenshots land here (git-ignored). */
const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '..', '..', 'test-results');

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
 * browser, context and page. On failure the page's URL, a screenshot and the browser
 * console's errors are reported.
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
    page = await context.newPage();
    consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`page error: ${error.message}`));
  });

  afterEach(async (ctx) => {
    const failed = (ctx.task.result?.errors?.length ?? 0) > 0;
    if (failed && page && !page.isClosed()) {
      const file = path.join(ARTIFACTS_DIR, `${slug(ctx.task.name)}.png`);
      await fs.mkdir(ARTIFACTS_DIR, { recursive: true });
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      console.error(
        [
          `[e2e] "${ctx.task.name}" failed at ${page.url()}`,
          `[e2e] screenshot: ${file}`,
          ...consoleErrors.map((line) => `[e2e] ${line}`),
        ].join('\n'),
      );
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
