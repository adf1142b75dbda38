import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

/*
 * The installable app's own files: the service worker must be checked for updates at the server
 * every time and may control the whole origin; the manifest is served with its own type.
 */
const PRECOMPRESS = path.resolve(import.meta.dirname, '..', '..', '..', 'web', 'precompress.ts');
const MANIFEST = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'web',
  'public',
  'manifest.webmanifest',
);
const SW = `const PRECACHE = [];\n${'self.addEventListener("fetch", () => {});\n'.repeat(40)}`;

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-web-'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Zura</title>');
  await fs.writeFile(path.join(webDir, 'sw.js'), SW);
  await fs.copyFile(MANIFEST, path.join(webDir, 'manifest.webmanifest'));
  await promisify(execFile)(process.execPath, [PRECOMPRESS, webDir]);
  t = await buildTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

describe('/sw.js', () => {
  it.each([['br'], ['identity']])(
    'is revalidated every time and may control the whole origin (%s)',
    async (encoding) => {
      const res = await t.request({
        method: 'GET',
        url: '/sw.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['service-worker-allowed']).toBe('/');
      expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
      expect(res.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined);
    },
  );
});

describe('/manifest.webmanifest', () => {
  it('is served as a web app manifest, revalidated every time', async () => {
    const res = await t.request({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBeUndefined();
    expect(res.json()).toMatchObject({ display: 'standalone', start_url: '/home', scope: '/' });
  });
});
