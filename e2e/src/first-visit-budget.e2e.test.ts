import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './lib/browser.ts';
import { createPostViaApi } from './lib/content.ts';
import { person, type Person } from './lib/economy.ts';
import { pngFile } from './lib/images.ts';

/**
 * The first-visit JavaScript budget of issue 20 as a failing check: what a fresh browser
 * (empty cache) downloads in scripts for the landing page, /login, the feed and a profile, as
 * transferred body bytes, must stay within 150 KiB per page. It measures what
 * bench/src/first-visit.ts reports (which lists every file, and the decoded sizes too), on the
 * build the e2e tier serves, encoded as Chromium asks (brotli). Served as gzip only (a client
 * without brotli: `ACCEPT_ENCODING=gzip` for the bench) pages weigh some 15% more.
 */
const JS_BUDGET_BYTES = 150 * 1024;
const POSTS = 3;

const t = useBrowser();
let visitor: Person;

beforeAll(async () => {
  // Real content, so the feed and the profile load what they load for a user with posts.
  visitor = await person();
  for (let index = 1; index <= POSTS; index += 1) {
    await createPostViaApi(visitor.tokens.access, {
      content: `Budget post number ${index}: a morning walk by the river.`,
      image: pngFile('walk.png', 1600, 1000),
    });
  }
});

type Script = { url: string; transferred: number };

/** Every script response the page's network finished, with its encoded body size. */
function recordScripts(page: Page): Promise<Script | undefined>[] {
  const scripts: Promise<Script | undefined>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const response = await request.response();
        if (!response) return undefined;
        const [sizes, headers] = await Promise.all([request.sizes(), response.allHeaders()]);
        // Chromium says -1 when it did not count the body; the static file's length stands in.
        const transferred =
          sizes.responseBodySize >= 0
            ? sizes.responseBodySize
            : Number(headers['content-length'] ?? NaN);
        expect(transferred, `${request.url()}: no body size`).not.toBeNaN();
        const encoding = headers['content-encoding'] ?? 'identity';
        return { url: `${encoding} ${new URL(request.url()).pathname}`, transferred };
      })(),
    );
  });
  return scripts;
}

const pages = [
  { name: 'landing', path: () => '/landing', signedIn: false, ready: 'h1' },
  { name: 'login', path: () => '/login', signedIn: false, ready: 'input[type="password"]' },
  { name: 'feed', path: () => '/', signedIn: true, ready: 'text=Budget post number 3' },
  {
    name: 'profile',
    path: () => `/profile/${visitor.id}`,
    signedIn: true,
    ready: 'text=Budget post number 3',
  },
] as const;

describe('the first visit', () => {
  it.each(pages)('of $name loads at most 150 KiB of JavaScript', async (target) => {
    const { context, page } = t;
    // The session is in storage before the first byte, as for a returning visitor.
    if (target.signedIn) {
      const session = JSON.stringify(visitor.tokens);
      await context.addInitScript((value) => localStorage.setItem('user', value), session);
    }
    const scripts = recordScripts(page);
    await page.goto(target.path(), { waitUntil: 'networkidle' });
    await page.locator(target.ready).first().waitFor();
    const files = (await Promise.all(scripts)).filter((file) => file !== undefined);
    const total = files.reduce((sum, file) => sum + file.transferred, 0);
    const list = files.map((file) => `${(file.transferred / 1024).toFixed(1)} KiB ${file.url}`);
    expect(files.length, 'no script was loaded').toBeGreaterThan(0);
    expect(
      total,
      `${target.name}: ${(total / 1024).toFixed(1)} KiB of JS in ${files.length} files\n${list.join('\n')}`,
    ).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  });
});
