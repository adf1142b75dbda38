import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { DESKTOP, type BrowserHarness } from './browser.ts';
import { baseUrl } from './server.ts';

const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '..', '..', 'artifacts');

/**
 * Further people in the same test: each `open()` gives a page in a context of its own (own
 * storage, so its own session), set up like the harness's. They are closed after every test;
 * on failure each one's URL, console errors and a screenshot are reported too.
 *
 * Call at the top level of a test file, after `useBrowser()`.
 */
export function useOtherVisitors(t: BrowserHarness) {
  let opened: { context: BrowserContext; page: Page; errors: string[] }[] = [];

  afterEach(async (ctx) => {
    const failed = (ctx.task.result?.errors?.length ?? 0) > 0;
    const visitors = opened;
    opened = [];
    for (const [index, { context, page, errors }] of visitors.entries()) {
      if (failed && !page.isClosed()) {
        const name = `${ctx.task.name.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 70)}-visitor-${index + 2}`;
        const file = path.join(ARTIFACTS_DIR, `${name}.png`);
        await fs.mkdir(ARTIFACTS_DIR, { recursive: true });
        await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
        console.error(
          [
            `[e2e] visitor ${index + 2} of "${ctx.task.name}" was at ${page.url()}`,
            `[e2e] screenshot: ${file}`,
            ...errors.map((line) => `[e2e] ${line}`),
          ].join('\n'),
        );
      }
      await context.close().catch(() => undefined);
    }
  });

  return {
    async open(): Promise<Page> {
      const context = await t.browser.newContext({
        baseURL: baseUrl(),
        viewport: DESKTOP,
        locale: 'en-US',
        timezoneId: 'UTC',
      });
      context.setDefaultTimeout(15_000);
      context.setDefaultNavigationTimeout(20_000);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      opened.push({ context, page, errors });
      return page;
    },
  };
}
