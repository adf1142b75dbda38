import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from './lib/server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the server of this run listens, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseUrl: string;
    /** The server's DATA_DIR; mails land in `<dataDir>/outbox`. */
    dataDir: string;
    /** The run's snapshot of the built web app, for servers a test file starts itself. */
    webDist: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Every `assets/<file>` or `./<file>` (.js/.css) that index.html and the chunks load. */
async function missingAssets(dist: string): Promise<string[]> {
  const assetsDir = path.join(dist, 'assets');
  const present = new Set(await fs.readdir(assetsDir).catch(() => [] as string[]));
  const sources = [
    path.join(dist, 'index.html'),
    ...[...present].filter((name) => name.endsWith('.js')).map((n) => path.join(assetsDir, n)),
  ];
  const missing = new Set<string>();
  for (const file of sources) {
    const text = await fs.readFile(file, 'utf8').catch(() => null);
    if (text === null) {
      missing.add(path.relative(dist, file));
      continue;
    }
    for (const match of text.matchAll(/(?:\.\/|assets\/)([A-Za-z0-9_.-]+\.(?:js|css))\b/g)) {
      const name = match[1] ?? '';
      if (!present.has(name)) missing.add(`assets/${name}`);
    }
  }
  return [...missing];
}

/**
 * Copies the built web app for this run, so a rebuild of web/dist while the suite runs
 * (other work goes on in this repository) cannot pull files from under the server. A copy
 * taken in the middle of a build is incomplete: then it waits and copies again.
 */
async function snapshotWebDist(source: string, target: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  let problem = '';
  for (;;) {
    if (existsSync(path.join(source, 'index.html'))) {
      await fs.rm(target, { recursive: true, force: true });
      await fs.cp(source, target, { recursive: true }).catch((error: unknown) => {
        problem = String(error);
      });
      const missing = await missingAssets(target);
      if (missing.length === 0 && existsSync(path.join(target, 'index.html'))) return target;
      problem ||= `incomplete build, missing ${missing.slice(0, 5).join(', ')}`;
    } else {
      problem = `${path.join(source, 'index.html')} is missing: run \`npm run build\` first`;
      // No build at all (rather than one in progress): say so now.
      if (!existsSync(source)) throw new Error(problem);
    }
    if (Date.now() > deadline) throw new Error(`No usable web build: ${problem}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    problem = '';
  }
}

/**
 * One server for the whole e2e run: the real `server/src/main.ts` with its embedded
 * PostgreSQL in a fresh data directory, serving a snapshot of the built web app (web/dist).
 */
export default async function setup(project: TestProject) {
  // E2E_WEB_DIST points the run at another build of the web app (default web/dist).
  const sourceDist = path.resolve(process.env.E2E_WEB_DIST ?? path.join(ROOT, 'web', 'dist'));

  // Failure screenshots and traces of earlier runs would only mislead (lib/browser.ts).
  await fs.rm(path.join(ROOT, 'e2e', 'artifacts'), { recursive: true, force: true });

  const snapshotDir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-e2e-web-'));
  const removeSnapshot = () => fs.rm(snapshotDir, { recursive: true, force: true });
  let webDist: string;
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  try {
    webDist = await snapshotWebDist(sourceDist, path.join(snapshotDir, 'web-dist'));
    server = await startServerProcess({ webDist });
  } catch (error) {
    await removeSnapshot();
    throw error;
  }

  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  project.provide('webDist', webDist);

  return async () => {
    await server.stop();
    await removeSnapshot();
  };
}
