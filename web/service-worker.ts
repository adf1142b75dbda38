import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';

/** Files of `public/` the shell needs offline: the manifest and its icons, the favicon. */
const PUBLIC_SHELL = [
  '/favicon.svg',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/apple-touch-icon.png',
];

/**
 * Builds `dist/sw.js` from `sw/sw.ts`: types stripped, and the build's own list of files to
 * precache (every JS and CSS file it wrote, plus the public shell files) and a version that
 * changes with any of them. A new build therefore is a new worker, which installs its files
 * in a new cache and deletes the old one when it activates.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'zura-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => /\.(?:js|css)$/.test(name))
        .sort();
      const version = createHash('sha256');
      for (const name of files) version.update(name);
      const index = bundle['index.html'];
      if (index?.type === 'asset') version.update(index.source);
      const precache = [...files.map((name) => `/${name}`), ...PUBLIC_SHELL];
      const source = await fs.readFile(path.join(import.meta.dirname, 'sw', 'sw.ts'), 'utf8');
      const { code } = await transformWithOxc(source, 'sw.ts', { lang: 'ts' });
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: [
          `const PRECACHE = ${JSON.stringify(precache)};`,
          `const VERSION = ${JSON.stringify(version.digest('hex').slice(0, 16))};`,
          code,
        ].join('\n'),
      });
    },
  };
}
