import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildCreator } from '../../../test/economy.ts';
import type { TestUser } from '../../../test/factories.ts';
import { AP_ACCEPT, getAp, ORIGIN } from './federation-test-kit.ts';

/**
 * The profile page's address serves two: browsers get the web app, whose head links the Atom
 * feed; ActivityStreams clients get the actor. Caches are told the answer varies by `Accept`.
 */
let t: TestApp;
let webDir: string;
let creator: TestUser;

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-federation-web-'));
  await fs.writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>Zura</title></head><body></body></html>',
  );
  t = await buildTestApp({ WEB_DIST_DIR: webDir });
  creator = await buildCreator(t, 0);
});

afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const varies = (vary: unknown) =>
  String(vary)
    .split(',')
    .map((token) => token.trim().toLowerCase());

it('gives a browser the web app with the feed linked in its head', async () => {
  const res = await getAp(t, `/profile/${creator.username}`, BROWSER);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  expect(res.body).toContain(
    `<link rel="alternate" type="application/atom+xml" href="/profile/${creator.username}/feed.atom" />`,
  );
  expect(varies(res.headers.vary)).toContain('accept');
  const feed = await t.request({ method: 'GET', url: `/profile/${creator.username}/feed.atom` });
  expect(feed.statusCode).toBe(200);
});

it('gives an ActivityStreams client the actor at the same address', async () => {
  const res = await getAp(t, `/profile/${creator.username}/`, AP_ACCEPT);
  expect(res.statusCode).toBe(200);
  expect(res.json<{ id: string }>().id).toBe(`${ORIGIN}/ap/users/${creator.id}`);
  expect(varies(res.headers.vary)).toContain('accept');
});

it('links no feed for an unknown or suspended profile', async () => {
  const unknown = await getAp(t, '/profile/nobody_by_that_name', BROWSER);
  expect(unknown.body).not.toContain('application/atom+xml');
  const suspended = await buildCreator(t, 0);
  await t.pool.query(
    "UPDATE users SET suspended_at = now(), suspension_reason = 'x' WHERE id = $1",
    [suspended.id],
  );
  const res = await getAp(t, `/profile/${suspended.username}`, BROWSER);
  expect(res.body).not.toContain('application/atom+xml');
});
