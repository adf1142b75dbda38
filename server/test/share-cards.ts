import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { buildTestApp, type TestApp } from './app.ts';

/** A built app's `index.html`, as small as the server needs to serve it with a card's tags. */
export const BUILT_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Zura</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** A test app serving a built web app (a fixture `index.html` in a temporary folder). */
export async function buildAppWithWebPage(): Promise<{ t: TestApp; close: () => Promise<void> }> {
  const webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-web-'));
  await fs.writeFile(path.join(webDir, 'index.html'), BUILT_INDEX);
  const t = await buildTestApp({ WEB_DIST_DIR: webDir });
  return {
    t,
    close: async () => {
      await t.close();
      await fs.rm(webDir, { recursive: true, force: true });
    },
  };
}

/** The HTML a browser or an unfurler gets for `pathname`: the app, `no-cache`. */
export async function webPage(t: TestApp, pathname: string): Promise<string> {
  const res = await t.request({ method: 'GET', url: pathname, headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.body).toContain('<div id="root"></div>');
  return res.body;
}

/** The value of one meta tag, as an unfurler reads it (entities decoded). */
export function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return match?.[1]
    ?.replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}
